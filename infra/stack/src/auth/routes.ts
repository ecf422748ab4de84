/** The /auth/v1 route table: method and path to handler, with `{id}` for the admin user id. */
import type { AuthCall } from './auth-call.js';
import { AuthApiError, notFound } from './errors.js';
import { adminCreateUser } from './handlers/admin-create-user.js';
import { adminGenerateLink } from './handlers/admin-generate-link.js';
import { adminInvite } from './handlers/admin-invite.js';
import {
  adminCreateOAuthClient,
  adminDeleteOAuthClient,
  adminGetOAuthClient,
  adminListOAuthClients,
  adminRegenerateOAuthClientSecret,
  adminUpdateOAuthClient,
} from './handlers/admin-oauth-clients.js';
import { adminDeleteFactor, adminListFactors } from './handlers/admin-factors.js';
import { adminDeletePasskey, adminListPasskeys } from './handlers/admin-passkeys.js';
import { adminUpdateUser } from './handlers/admin-update-user.js';
import { adminDeleteUser, adminGetUser, adminListUsers } from './handlers/admin-users.js';
import { logout } from './handlers/logout.js';
import { otp } from './handlers/otp.js';
import {
  passkeyAuthenticationOptions,
  passkeyAuthenticationVerify,
  passkeyDelete,
  passkeyList,
  passkeyRegistrationOptions,
  passkeyRegistrationVerify,
  passkeyUpdate,
} from './handlers/passkeys.js';
import { challengeFactor, enrollFactor, unenrollFactor, verifyFactor } from './handlers/factors.js';
import { health, jwks, settings } from './handlers/public.js';
import { reauthenticate } from './handlers/reauthenticate.js';
import { recover } from './handlers/recover.js';
import { resend } from './handlers/resend.js';
import { signup } from './handlers/signup.js';
import { token } from './handlers/token.js';
import { getUser, updateUser } from './handlers/user.js';
import { verifyGet, verifyPost } from './handlers/verify.js';
import { authorize } from './oidc/authorize.js';
import { callback } from './oidc/callback.js';
import { manualLinking } from './oidc/identities.js';
import { samlSso } from './oidc/sso.js';

type Handler = (call: AuthCall, id: string, subId: string) => Promise<void>;

const ROUTES: Record<string, Record<string, Handler>> = {
  '/health': { GET: health },
  '/settings': { GET: settings },
  '/.well-known/jwks.json': { GET: jwks },
  '/signup': { POST: signup },
  '/token': { POST: token },
  '/verify': { GET: verifyGet, POST: verifyPost },
  '/recover': { POST: recover },
  '/otp': { POST: otp },
  '/resend': { POST: resend },
  '/reauthenticate': { GET: reauthenticate },
  '/magiclink': { POST: otp },
  '/user': { GET: getUser, PUT: updateUser },
  '/logout': { POST: logout },
  '/authorize': { GET: authorize },
  '/callback': { GET: callback, POST: callback },
  '/sso': { POST: samlSso },
  '/user/identities/authorize': { GET: manualLinking },
  '/user/identities/{id}': { DELETE: manualLinking },
  '/invite': { POST: adminInvite },
  '/admin/generate_link': { POST: adminGenerateLink },
  '/admin/users': { GET: adminListUsers, POST: adminCreateUser },
  '/admin/users/{id}': { GET: adminGetUser, PUT: adminUpdateUser, DELETE: adminDeleteUser },
  '/admin/users/{id}/factors': { GET: adminListFactors },
  '/admin/users/{id}/factors/{sub}': { DELETE: adminDeleteFactor },
  '/factors': { POST: enrollFactor },
  '/factors/{id}': { DELETE: unenrollFactor },
  '/factors/{id}/challenge': { POST: challengeFactor },
  '/factors/{id}/verify': { POST: verifyFactor },
  '/passkeys': { GET: passkeyList },
  '/passkeys/registration/options': { POST: passkeyRegistrationOptions },
  '/passkeys/registration/verify': { POST: passkeyRegistrationVerify },
  '/passkeys/authentication/options': { POST: passkeyAuthenticationOptions },
  '/passkeys/authentication/verify': { POST: passkeyAuthenticationVerify },
  '/passkeys/{id}': { PATCH: passkeyUpdate, DELETE: passkeyDelete },
  '/admin/users/{id}/passkeys': { GET: adminListPasskeys },
  '/admin/users/{id}/passkeys/{sub}': { DELETE: adminDeletePasskey },
  '/admin/oauth/clients': { GET: adminListOAuthClients, POST: adminCreateOAuthClient },
  '/admin/oauth/clients/{id}': {
    GET: adminGetOAuthClient,
    PUT: adminUpdateOAuthClient,
    DELETE: adminDeleteOAuthClient,
  },
  '/admin/oauth/clients/{id}/regenerate_secret': { POST: adminRegenerateOAuthClientSecret },
};

/** Paths with ids, tried in order: `{id}` and `{sub}` take the captured segments (left encoded). */
const PATTERNS: [RegExp, string][] = [
  [/^\/admin\/users\/([^/]+)$/, '/admin/users/{id}'],
  [/^\/admin\/users\/([^/]+)\/factors$/, '/admin/users/{id}/factors'],
  [/^\/admin\/users\/([^/]+)\/factors\/([^/]+)$/, '/admin/users/{id}/factors/{sub}'],
  [/^\/factors\/([^/]+)$/, '/factors/{id}'],
  [/^\/passkeys\/([^/]+)$/, '/passkeys/{id}'],
  [/^\/admin\/oauth\/clients\/([^/]+)$/, '/admin/oauth/clients/{id}'],
  [/^\/admin\/oauth\/clients\/([^/]+)\/regenerate_secret$/, '/admin/oauth/clients/{id}/regenerate_secret'],
  [/^\/admin\/users\/([^/]+)\/passkeys$/, '/admin/users/{id}/passkeys'],
  [/^\/admin\/users\/([^/]+)\/passkeys\/([^/]+)$/, '/admin/users/{id}/passkeys/{sub}'],
  [/^\/user\/identities\/(?!authorize$)([^/]+)$/, '/user/identities/{id}'],
  [/^\/factors\/([^/]+)\/challenge$/, '/factors/{id}/challenge'],
  [/^\/factors\/([^/]+)\/verify$/, '/factors/{id}/verify'],
];

/** Routes that ignore API keys (open in the CLI's Kong): links opened from emails and OAuth redirects. */
export const OPEN_PATHS = new Set(['/verify', '/callback', '/authorize', '/.well-known/jwks.json']);

export function normalisePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export interface Resolved {
  handler: Handler;
  id: string;
  subId: string;
}

export function resolveRoute(method: string, rawPath: string): Resolved {
  const path = normalisePath(rawPath);
  let pattern = path;
  let ids: string[] = [];
  for (const [regex, name] of PATTERNS) {
    const match = regex.exec(path);
    if (match) {
      pattern = name;
      ids = match.slice(1);
      break;
    }
  }
  const methods = Object.hasOwn(ROUTES, pattern) ? ROUTES[pattern] : undefined;
  if (!methods) throw notFound('not_found', 'Not Found');
  const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (!handler) throw new AuthApiError(405, 'method_not_allowed', 'Method Not Allowed');
  // Left encoded: a user or factor id is a uuid, and anything else is refused as one.
  return { handler, id: ids[0] ?? '', subId: ids[1] ?? '' };
}
