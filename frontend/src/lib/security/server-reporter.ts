/**
 * The production transport for security events: the log_security_violation RPC. The RPC needs a signed-in
 * user, so nothing is sent without a session (events are still in the local log).
 */
import type { Json } from '@db/types';
import { backend, storedSessionExists } from '@/lib/backend';
import type { SecurityEventDetails, SecurityEventType } from './event-reporter';

export async function sendSecurityEventToServer(
  type: SecurityEventType,
  details: SecurityEventDetails,
): Promise<void> {
  // Without a stored session there is nobody to attribute the event to: no need to load the client.
  if (!storedSessionExists()) return;
  const client = await backend();
  const { data } = await client.auth.getSession();
  if (!data.session) return;
  const { error } = await client.rpc('log_security_violation', {
    _event_type: type,
    // The reporter sends fitDetails' output: plain JSON by construction.
    _details: details as Json,
  });
  if (error) throw new Error(error.message);
}
