/** How each role of the matrix calls the API: which API key and which bearer token. */
import type { Persona, PersonaName } from './personas.js';
import type { StackTarget } from './target.js';
import { apiHeaders } from './http.js';

export type RoleName = 'anon' | 'service_role' | Exclude<PersonaName, 'admin_lockout' | 'admin_replay'>;

export function roleHeaders(
  target: StackTarget,
  personas: Record<PersonaName, Persona>,
  role: RoleName,
  extra: Record<string, string> = {},
): Record<string, string> {
  if (role === 'anon') return apiHeaders(target.anonKey, undefined, extra);
  if (role === 'service_role') return apiHeaders(target.serviceRoleKey, undefined, extra);
  return apiHeaders(target.anonKey, personas[role].accessToken, extra);
}

/** The user id a role acts as (none for the key roles). */
export function roleUserId(personas: Record<PersonaName, Persona>, role: RoleName): string | undefined {
  return role === 'anon' || role === 'service_role' ? undefined : personas[role].userId;
}
