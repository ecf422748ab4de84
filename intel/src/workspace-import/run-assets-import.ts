import path from 'node:path';
import type { ClientBase } from 'pg';
import { assetsCsv, type AssetRow } from '../assets/index.js';
import { InputRefused } from '../formats/format.js';
import { openInput } from '../input/open-input.js';
import { ImportRefused } from '../pipeline/run-state.js';
import { addReject, emptyOutcome, inImportRun, type WorkspaceSummary } from './import-run.js';

/**
 * `--format assets`: an asset inventory CSV. Rows naming the same host are one asset; each row's
 * product is added to it. Products on KEV raise their alerts as they are inserted (the database's
 * trigger), so the summary counts them after the fact. A file uploaded from External Assets runs
 * here too (connectors/upload-import.ts) in the run the app queued; the assets it adds are recorded
 * as created by the uploader, as when the page wrote them itself. The CLI's have no creator.
 */
export async function runAssetsImport(
  db: ClientBase,
  options: { inputs: string[]; requestedBy?: string; queuedRunId?: number; signal?: AbortSignal },
): Promise<WorkspaceSummary<'assets'>> {
  const outcome = emptyOutcome();
  const spec = {
    format: 'assets' as const,
    source: {
      name: 'Asset inventory',
      kind: 'file' as const,
      reliability: 'A' as const,
      tlp: 'amber' as const,
      confidence: 100,
    },
    inputs: options.inputs,
    requestedBy: options.requestedBy,
    queuedRunId: options.queuedRunId,
  };
  return inImportRun(db, spec, outcome, async (runId) => {
    const rows: AssetRow[] = [];
    for (const file of options.inputs) {
      const input = await openInput(file);
      const name = path.basename(file);
      // The format is named (--format assets, or an upload from External Assets), so the header
      // itself is checked rather than guessed at: a file naming only a hostname column imports, and a
      // refusal says which column is missing, with the file's name in front.
      try {
        for await (const item of assetsCsv.parse(input.stream, { fileName: name, head: input.sample.head })) {
          if (options.signal?.aborted)
            throw new ImportRefused('the import was interrupted; nothing of it was kept');
          outcome.records++;
          if (item.kind === 'reject') addReject(outcome, item.where, item.reason);
          else rows.push(item);
        }
      } catch (error) {
        if (error instanceof InputRefused) throw new InputRefused(`${name}: ${error.message}`);
        throw error;
      }
      outcome.bytes += input.bytesTotal;
    }
    const alertsBefore = await kevAlertCount(db);
    const { rows: written } = await db.query<{
      assets_new: number;
      assets_seen: number;
      products_new: number;
    }>(
      `with input as (
         select * from jsonb_to_recordset($1::jsonb) as x(hostname text, ip inet, owner text, criticality public.asset_criticality,
                                                          vendor text, product text, version text, cpe text)
       ), numbered as (
         select *, coalesce(lower(hostname), host(ip)) as identity, row_number() over () as n from input
       ), hosts as (
         -- Later rows of a host win for each field they give, as a spreadsheet reads; a blank cell
         -- changes nothing, so an existing asset keeps its owner and criticality unless a row names them.
         select identity,
                (array_agg(hostname order by n desc) filter (where hostname is not null))[1] as hostname,
                (array_agg(ip order by n desc) filter (where ip is not null))[1] as ip,
                (array_agg(owner order by n desc) filter (where owner is not null))[1] as owner,
                (array_agg(criticality order by n desc) filter (where criticality is not null))[1] as criticality
           from numbered group by identity
       ), upserted as (
         insert into public.assets as a (hostname, ip, owner, criticality, created_by)
         select hostname, ip, owner, coalesce(criticality, 'medium'), $2::uuid from hosts
         on conflict ((coalesce(lower(hostname), host(ip)))) do update
           set ip = coalesce(excluded.ip, a.ip), owner = coalesce(excluded.owner, a.owner),
               criticality = coalesce((select h.criticality from hosts h
                                        where h.identity = coalesce(lower(excluded.hostname), host(excluded.ip))),
                                      a.criticality)
         returning a.id, a.hostname, a.ip, (a.xmax = 0) as is_new
       ), products as (
         insert into public.asset_products (asset_id, vendor, product, version, cpe)
         select u.id, i.vendor, i.product, i.version, i.cpe
           from input i join upserted u on coalesce(lower(u.hostname), host(u.ip)) = coalesce(lower(i.hostname), host(i.ip))
          where i.vendor is not null
         on conflict do nothing
         returning 1
       )
       select (select count(*) from upserted where is_new)::int as assets_new,
              (select count(*) from upserted where not is_new)::int as assets_seen,
              (select count(*) from products)::int as products_new`,
      [
        JSON.stringify(
          rows.map((r) => ({
            hostname: r.hostname ?? null,
            ip: r.ip ?? null,
            owner: r.owner ?? null,
            criticality: r.criticality,
            vendor: r.product?.vendor ?? null,
            product: r.product?.product ?? null,
            version: r.product?.version ?? null,
            cpe: r.product?.cpe ?? null,
          })),
        ),
        options.requestedBy ?? null,
      ],
    );
    const result = written[0]!;
    outcome.inserted = result.assets_new + result.products_new;
    outcome.updated = result.assets_seen;
    outcome.counts = {
      assets: { inserted: result.assets_new, updated: result.assets_seen },
      products: { inserted: result.products_new },
      exposures: await exposureCount(db),
      alerts: (await kevAlertCount(db)) - alertsBefore,
      runId,
    };
  });
}

async function kevAlertCount(db: ClientBase): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select coalesce(sum(hit_count), 0)::int as n from public.enhanced_security_alerts where rule_key = 'kev-asset'`,
  );
  return rows[0]!.n;
}

async function exposureCount(db: ClientBase): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.list_exposures()');
  return rows[0]!.n;
}
