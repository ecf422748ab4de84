import type { ClientBase } from 'pg';
import type { EventMatch } from './match-events.js';

/**
 * A range or AS indicator matches many addresses, some of which the warninglists or exclusion
 * lists hold (a public resolver inside a hosting AS, our own VPN inside a listed range): such a
 * hit is dropped, as a hit on the listed address itself would raise no alert. Each distinct
 * address is judged once per run (private.listed_reason, the lists' own verdict).
 */
export class ListedAddresses {
  private readonly verdicts = new Map<string, string | null>();
  /** Range and AS hits dropped because their address is listed. */
  dropped = 0;

  async keep(db: ClientBase, matches: EventMatch[]): Promise<EventMatch[]> {
    const unknown = [
      ...new Set(matches.flatMap((m) => (m.address && !this.verdicts.has(m.address) ? [m.address] : []))),
    ];
    if (unknown.length > 0) {
      const { rows } = await db.query<{ address: string; reason: string | null }>(
        `select a as address,
                private.listed_reason(case when family(a::inet) = 4 then 'ipv4' else 'ipv6' end::public.indicator_type, a) as reason
           from unnest($1::text[]) a`,
        [unknown],
      );
      for (const row of rows) this.verdicts.set(row.address, row.reason);
    }
    const kept = matches.filter((m) => !m.address || this.verdicts.get(m.address) === null);
    this.dropped += matches.length - kept.length;
    return kept;
  }
}
