/**
 * The grants this stack has no sign-in for answer as GoTrue does when they are off, not as an
 * unknown grant: `web3` (Sign in with Solana/Ethereum, `[auth.web3.*]`) is GoTrue's 422
 * web3_provider_disabled "Web3 provider is disabled" (internal/api/web3.go), and `id_token` for a
 * provider that is not enabled is 400 provider_disabled "Provider (issuer "…") is not enabled"
 * (internal/api/token_oidc.go). An id_token for an enabled provider stays unsupported here.
 */
import type { AuthCall } from '../auth-call.js';
import { badRequest, unprocessable } from '../errors.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';

/** GoTrue's fixed issuers of the providers whose ID tokens it accepts (internal/api/provider). */
const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
};

export async function web3Grant(): Promise<void> {
  throw unprocessable('web3_provider_disabled', 'Web3 provider is disabled');
}

export async function idTokenGrant(call: AuthCall): Promise<void> {
  const body = await readJsonObject(call.req, call.ctx.config.stack.maxBodyBytes);
  const provider = stringOrEmpty(body, 'provider');
  const issuer = ISSUERS[provider] ?? stringOrEmpty(body, 'issuer');
  const enabled = call.ctx.config.auth.external?.has(provider as never) ?? false;
  if (provider === '' && issuer === '')
    throw badRequest('validation_failed', 'provider or client_id and issuer required');
  if (!enabled)
    throw badRequest('provider_disabled', `Provider (issuer "${issuer || provider}") is not enabled`);
  throw badRequest('invalid_credentials', 'unsupported_grant_type');
}
