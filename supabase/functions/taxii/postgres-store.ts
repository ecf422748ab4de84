// The TAXII store on PostgreSQL. The function holds the database URL (as every edge function on
// the platform does); each request runs in a transaction switched to role `authenticated` with
// the client's claims, exactly as the REST gateway does, so row-level security is the judge:
// an API key carries no MFA session, hence TLP:RED only ever reaches an administrator who signed
// in with a bearer token of a session that passed the second factor.
import type postgres from 'postgres';
import { readJwtClaims } from '../_shared/caller.ts';
import type { ObjectQuery } from './protocol.ts';
import type { Claims, CollectionRow, ObjectRow, StatusRow, TaxiiStore } from './store.ts';

type Sql = postgres.Sql;
type Tx = postgres.TransactionSql;

const TIMESTAMP_FORMAT = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';
/**
 * A token the auth server accepted is trusted again for this long without asking: asking on every
 * page of a polling client added a round trip to each. The check is sent with the service key, so
 * the gateway does not count it against the client's request limit. The price: a signed-out
 * session keeps TAXII access for at most this long.
 */
const VERIFIED_TOKEN_TTL_MS = 30_000;
const MAX_VERIFIED_TOKENS = 1000;

export function createPostgresStore(sql: Sql, auth: { url: string; serviceKey: string }): TaxiiStore {
  const verifiedUntil = new Map<string, number>();
  async function authServerAccepts(token: string): Promise<boolean> {
    if ((verifiedUntil.get(token) ?? 0) > Date.now()) return true;
    // The auth server checks signature, expiry and that the session still exists.
    const answer = await fetch(`${auth.url}/auth/v1/user`, {
      headers: { apikey: auth.serviceKey, Authorization: `Bearer ${token}` },
    });
    await answer.body?.cancel();
    if (!answer.ok) return false;
    if (verifiedUntil.size >= MAX_VERIFIED_TOKENS) verifiedUntil.clear();
    verifiedUntil.set(token, Date.now() + VERIFIED_TOKEN_TTL_MS);
    return true;
  }
  const asUser = <T>(claims: Claims, work: (tx: Tx) => Promise<T>): Promise<T> =>
    sql.begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
      return work(tx);
    }) as Promise<T>;

  return {
    async authenticateKey(username, secret) {
      const rows = await sql`select user_id from private.authenticate_api_key(${username}, ${secret})`;
      return (rows[0]?.user_id as string | undefined) ?? null;
    },

    async authenticateJwt(token) {
      // The claims count only once the auth server has vouched for the token.
      const claims = readJwtClaims(token);
      if (claims === null || !(await authServerAccepts(token))) return null;
      if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') return null;
      return claims as Claims;
    },

    collections(claims) {
      return asUser(claims, async (tx) => {
        const rows = await tx`
          select id::text, title, description, alias, can_read, can_write
            from public.taxii_collections order by title, id`;
        return rows as unknown as CollectionRow[];
      });
    },

    objects(claims, collectionId, query: ObjectQuery, withObjects) {
      const afterDate = query.cursor?.dateAdded ?? query.addedAfter ?? '-infinity';
      // added_after is exclusive (§3.5): start just after it; a cursor resumes after its row.
      const nudge = !query.cursor && query.addedAfter ? '1 microsecond' : '0';
      const afterId = query.cursor?.id ?? '';
      const array = (values: string[] | undefined) => (values ? sql.array(values) : null);
      return asUser(claims, async (tx) => {
        const rows = await tx`
          select id, type, spec_version, version,
                 to_char(date_added at time zone 'UTC', ${TIMESTAMP_FORMAT}) as date_added, object
            from public.taxii_objects(${collectionId}::uuid,
              ${afterDate}::text::timestamptz + ${nudge}::text::interval, ${afterId}::text, ${query.limit + 1}::integer,
              ${array(query.ids)}::text[], ${array(query.types)}::text[], ${array(query.versions)}::text[]::timestamptz[],
              ${withObjects}::boolean)`;
        return rows as unknown as ObjectRow[];
      });
    },

    addObjects(claims, collectionId, objects) {
      return asUser(claims, async (tx) => {
        const rows =
          await tx`select status_id::text from public.taxii_add_objects(${collectionId}::uuid, ${tx.json(objects as postgres.JSONValue)}::jsonb)`;
        return rows[0]!.status_id as string;
      });
    },

    status(claims, id) {
      return asUser(claims, async (tx) => {
        const rows = await tx`
          select id::text, status, to_char(request_timestamp at time zone 'UTC', ${TIMESTAMP_FORMAT}) as request_timestamp,
                 total_count, success_count, failure_count, pending_count, successes, failures, pendings
            from public.taxii_status where id = ${id}::uuid`;
        return (rows[0] as unknown as StatusRow | undefined) ?? null;
      });
    },

    deleteObject(claims, id) {
      return asUser(claims, async (tx) => {
        const rows = await tx`
          with a as (delete from public.intel_objects where stix_id = ${id} returning 1),
               b as (delete from public.relationships where stix_id = ${id} returning 1),
               c as (delete from public.indicators where stix_id = ${id} or origin_stix_id = ${id} returning 1)
          select (select count(*) from a) + (select count(*) from b) + (select count(*) from c) as n`;
        return Number(rows[0]!.n);
      });
    },
  };
}
