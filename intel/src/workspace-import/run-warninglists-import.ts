import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { ClientBase } from 'pg';
import { InputRefused } from '../formats/format.js';
import { listInputFiles } from '../input/list-inputs.js';
import { openInput } from '../input/open-input.js';
import { listEntries, type KeptEntry } from '../warninglists/entries.js';
import { looksLikeWarninglist, readWarninglist, type WarninglistFile } from '../warninglists/read-list.js';
import {
  addReject,
  emptyOutcome,
  inImportRun,
  type WorkOutcome,
  type WorkspaceSummary,
} from './import-run.js';

/**
 * `--format misp-warninglist`: one upstream `list.json`, or a folder in the upstream layout
 * (`lists/<name>/list.json`) as one run. Each list replaces its earlier import whole (its entries
 * deleted and written again), so entries removed upstream disappear. In a folder, a list that
 * cannot be read is refused with its reason and the others are imported (the lists are
 * independent, and one broken list must not leave the other 135 unprotected); its earlier import,
 * if any, stays. A single file that cannot be read refuses the run.
 */

export const WARNINGLIST_SOURCE = {
  name: 'MISP warninglists',
  kind: 'file' as const,
  url: 'https://github.com/MISP/misp-warninglists',
  reliability: 'A' as const,
  tlp: 'clear' as const,
  confidence: 100,
};

const BATCH = 5000;

interface Notes {
  lists: { inserted: number; updated: number; unchanged: number; refused: number };
  entries: number;
  normalised: { where: string; note: string }[];
}

export async function runWarninglistsImport(
  db: ClientBase,
  options: { inputs: string[]; source?: string; requestedBy?: string; queuedRunId?: number },
): Promise<WorkspaceSummary<'misp-warninglist'>> {
  const outcome = emptyOutcome();
  const spec = {
    format: 'misp-warninglist' as const,
    source: { ...WARNINGLIST_SOURCE, name: options.source ?? WARNINGLIST_SOURCE.name },
    inputs: options.inputs,
    requestedBy: options.requestedBy,
    queuedRunId: options.queuedRunId,
  };
  const notes: Notes = {
    lists: { inserted: 0, updated: 0, unchanged: 0, refused: 0 },
    entries: 0,
    normalised: [],
  };
  outcome.counts = notes as unknown as Record<string, unknown>;
  return inImportRun(db, spec, outcome, async (runId) => {
    for (const input of options.inputs) {
      const folder = (await stat(input)).isDirectory();
      const files = folder ? (await listInputFiles(input)).filter(isListFile) : [input];
      if (folder && files.length === 0)
        throw new InputRefused(`${path.basename(input)} holds no warninglist (lists/<name>/list.json)`);
      for (const file of files) {
        const where = folder ? path.relative(input, file) : fileLabel(file);
        let list: WarninglistFile;
        try {
          const opened = await openInput(file);
          outcome.bytes += opened.bytesTotal;
          list = await readWarninglist(opened.stream);
        } catch (error) {
          if (!(error instanceof InputRefused)) throw error;
          if (!folder) throw new InputRefused(`${where}: ${error.message}`);
          notes.lists.refused++;
          addReject(outcome, where, `list refused, nothing of it kept: ${error.message}`);
          continue;
        }
        await importList(db, runId, list, where, outcome, notes, folder);
      }
    }
    outcome.inserted = notes.lists.inserted;
    outcome.updated = notes.lists.updated;
    outcome.unchanged = notes.lists.unchanged;
  });
}

async function importList(
  db: ClientBase,
  runId: number,
  list: WarninglistFile,
  where: string,
  outcome: WorkOutcome,
  notes: Notes,
  folder: boolean,
): Promise<void> {
  const entries = listEntries(list, where);
  if (list.type === 'regex') await refuseUncompilable(db, entries.kept, where, entries.rejects);
  outcome.records += list.entries.length;
  outcome.ignored += entries.duplicates;
  for (const r of entries.rejects) addReject(outcome, r.where, r.reason);
  if (entries.kept.length === 0) {
    const reason = `none of its ${list.entries.length} entries can be used`;
    if (!folder) throw new InputRefused(`${where}: ${reason}`);
    notes.lists.refused++;
    addReject(outcome, where, `list refused, nothing of it kept: ${reason}`);
    return;
  }
  for (const n of entries.notes) if (notes.normalised.length < 1000) notes.normalised.push(n);
  const { rows } = await db.query<{ id: string; previous: string | null }>(
    `with previous as (select id, version from public.warninglists where name = $1)
     insert into public.warninglists as w (name, description, type, version, category, matching_attributes,
                                           source_id, import_run_id, entry_count, imported_at)
     select $1, $2, $3::public.warninglist_type, $4, $5, $6::text[], r.source_id, r.id, $8, now()
       from public.import_runs r where r.id = $7
     on conflict (name) do update set description = excluded.description, type = excluded.type,
       version = excluded.version, category = excluded.category, matching_attributes = excluded.matching_attributes,
       source_id = excluded.source_id, import_run_id = excluded.import_run_id, entry_count = excluded.entry_count,
       imported_at = excluded.imported_at
     returning w.id, (select version from previous)::text as previous`,
    [
      list.name,
      list.description,
      list.type,
      list.version,
      list.category ?? null,
      list.matchingAttributes,
      runId,
      entries.kept.length,
    ],
  );
  const { id, previous } = rows[0]!;
  if (previous === null) notes.lists.inserted++;
  else if (previous === String(list.version)) notes.lists.unchanged++;
  else notes.lists.updated++;
  await db.query('delete from public.warninglist_entries where warninglist_id = $1', [id]);
  for (let i = 0; i < entries.kept.length; i += BATCH) {
    const batch = entries.kept.slice(i, i + BATCH);
    await db.query(
      `insert into public.warninglist_entries (warninglist_id, kind, value, key, cidr)
       select $1, $2::public.warninglist_type, v, k, c::cidr from unnest($3::text[], $4::text[], $5::text[]) as x(v, k, c)`,
      [id, list.type, batch.map((e) => e.value), batch.map((e) => e.key), batch.map((e) => e.cidr ?? null)],
    );
  }
  notes.entries += entries.kept.length;
}

/** Regex entries PostgreSQL cannot compile (PCRE-only syntax) are refused with the reason. */
async function refuseUncompilable(
  db: ClientBase,
  kept: KeptEntry[],
  where: string,
  rejects: { where: string; reason: string }[],
): Promise<void> {
  const { rows } = await db.query<{ i: number }>(
    'select i::int - 1 as i from unnest($1::text[]) with ordinality as p(pattern, i) where not private.regex_compiles(pattern) order by i desc',
    [kept.map((e) => e.key)],
  );
  for (const { i } of rows) {
    const [entry] = kept.splice(i, 1);
    rejects.push({
      where: `${where} ${entry!.value.slice(0, 80)}`,
      reason: 'not a regular expression PostgreSQL can evaluate',
    });
  }
}

/** Upstream's list file, gzipped too (the demo ships its lists compressed). */
const isListFile = (file: string): boolean => /^list\.json(\.gz)?$/i.test(path.basename(file));

/** A file as the messages name it: upstream's files are all list.json, so with its folder. */
const fileLabel = (file: string): string =>
  isListFile(file) ? path.join(path.basename(path.dirname(file)), path.basename(file)) : path.basename(file);

/** Whether an input (a file, or a folder's first list.json) is a MISP warninglist; never throws. */
export async function looksLikeWarninglists(input: string): Promise<boolean> {
  try {
    const [file] = (await stat(input)).isDirectory()
      ? (await listInputFiles(input)).filter(isListFile)
      : [input];
    if (file === undefined) return false;
    const opened = await openInput(file);
    opened.stream.destroy();
    return looksLikeWarninglist(opened.sample);
  } catch {
    return false;
  }
}
