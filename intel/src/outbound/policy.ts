/**
 * The administrators' outbound rules from the database: `outbound.restrict_private` (System
 * Configuration) and the allowed addresses (public.outbound_allowed_addresses, audited). Read at
 * each sync and each delivery batch, so a change applies without restarting the worker. A database
 * without them (before the migration) gets the default rules.
 */
import type { ClientBase } from 'pg';
import { DEFAULT_OUTBOUND_POLICY, type OutboundPolicy } from './address-rules.js';

export async function loadOutboundPolicy(db: Pick<ClientBase, 'query'>): Promise<OutboundPolicy> {
  try {
    const { rows } = await db.query<{ restrict_private: boolean; allow: string[] }>(
      `select coalesce((select (s.value #>> '{}')::boolean from public.settings s
                         where s.key = 'outbound.restrict_private'), false) as restrict_private,
              coalesce((select array_agg(a.address::text order by a.address) from public.outbound_allowed_addresses a),
                       '{}') as allow`,
    );
    return { allow: rows[0]!.allow, restrictPrivate: rows[0]!.restrict_private };
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return DEFAULT_OUTBOUND_POLICY;
    throw error;
  }
}
