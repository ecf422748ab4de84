/** POST /sso (supabase-js signInWithSSO): SAML 2.0 is not offered, answered as GoTrue does when it is off. */
import type { AuthCall } from '../auth-call.js';
import { notFound } from '../errors.js';

export async function samlSso(_call: AuthCall): Promise<void> {
  throw notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
}
