/** The WebAuthn, passkey, WebAuthn-MFA and OAuth-server settings of the project, GoTrue's defaults when unset. */
import { parseAuthWebAuthn, type AuthWebAuthnConfig } from '../../config/webauthn-config.js';
import type { AuthCall } from '../auth-call.js';

export function webAuthnSettings(call: AuthCall): AuthWebAuthnConfig {
  return call.ctx.config.auth.webauthn ?? parseAuthWebAuthn({}, call.ctx.config.auth.siteUrl);
}
