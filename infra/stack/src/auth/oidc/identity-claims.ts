/**
 * From a verified ID token's claims to what GoTrue stores: identity_data and user_metadata in the
 * shape of its provider.Claims (standard OpenID Connect claims, `provider_id`, `full_name`,
 * `avatar_url`, the rest under `custom_claims`; empty values left out as its `omitempty` does), and
 * the group names of the configured claim.
 */
import type { JsonMap } from '../user-json.js';

const STANDARD = [
  'iss',
  'sub',
  'name',
  'family_name',
  'given_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'updated_at',
  'email',
  'email_verified',
  'phone',
  'phone_verified',
];

/** Protocol claims of the token itself (OpenID Connect Core §2, §3.1.3.6), not facts about the user. */
const PROTOCOL = new Set([
  'aud',
  'exp',
  'iat',
  'nbf',
  'jti',
  'auth_time',
  'nonce',
  'acr',
  'amr',
  'azp',
  'at_hash',
  'c_hash',
  'sid',
  'typ',
]);

/** Most group names kept from one token, and their longest name (our groups' names are 1–100 characters). */
const MAX_GROUPS = 200;
const MAX_GROUP_NAME = 100;

function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && value !== false;
}

export function identityData(claims: JsonMap): JsonMap {
  const data: JsonMap = {};
  for (const key of STANDARD) if (present(claims[key])) data[key] = claims[key];
  const custom: JsonMap = {};
  for (const [key, value] of Object.entries(claims)) {
    if (!STANDARD.includes(key) && !PROTOCOL.has(key)) custom[key] = value;
  }
  if (Object.keys(custom).length > 0) data.custom_claims = custom;
  data.provider_id = claims.sub;
  if (present(claims.name)) data.full_name = claims.name;
  if (present(claims.picture)) data.avatar_url = claims.picture;
  if (typeof data.email === 'string') data.email = data.email.toLowerCase();
  data.email_verified = claims.email_verified === true;
  data.phone_verified = claims.phone_verified === true;
  return data;
}

/** The claim's values as group names: a list of strings or one string; anything else is no group. */
export function groupNames(claims: JsonMap, claim: string): string[] {
  const raw = claims[claim];
  const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const names = values
    .filter((v): v is string => typeof v === 'string')
    // Keycloak's group mapper writes "/analysts" with "Full group path" on: the slash is dropped.
    .map((v) => v.trim().replace(/^\//, ''))
    .filter((v) => v !== '' && v.length <= MAX_GROUP_NAME);
  return [...new Set(names)].slice(0, MAX_GROUPS);
}
