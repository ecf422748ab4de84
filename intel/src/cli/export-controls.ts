import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ClientBase } from 'pg';
import { INDICATOR_TYPES, TLP_LEVELS, type IndicatorType, type Tlp } from '../model/drafts.js';
import { resolveSources } from '../export/controls/control-rows.js';
import {
  CONTROL_FORMATS,
  controlWriter,
  type ControlFormat,
  heldCount,
  type ExportSummary,
  DEFAULT_SID_BASE,
  MAX_SID,
  SID_SPAN,
} from '../export/controls/shared.js';
import { writeMispFeed } from '../export/controls/misp-feed.js';
import { runControlExport } from '../export/controls/run-control-export.js';
import { UsageError } from './import-command.js';

/** Exports for controls leave out anything above TLP:AMBER unless --max-tlp says otherwise. */
export const CONTROL_DEFAULT_MAX_TLP: Tlp = 'amber';

export interface ControlFlags {
  out?: string;
  type?: string[];
  source?: string[];
  'min-score'?: string;
  'max-tlp'?: string;
  'sid-base'?: string;
  'rpz-wildcard'?: boolean;
  limit?: string;
}

export interface ControlRequest {
  format: ControlFormat;
  out?: string;
  types: IndicatorType[] | null;
  sources: string[];
  minScore: number;
  maxTlp: Tlp;
  sidBase: number;
  rpzWildcard: boolean;
  limit?: number;
}

const whole = (text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

/** Checks the flags of an export for controls before anything is read or written. */
export function controlRequest(format: ControlFormat, flags: ControlFlags): ControlRequest {
  const maxTlp = (flags['max-tlp'] ?? CONTROL_DEFAULT_MAX_TLP) as Tlp;
  if (!TLP_LEVELS.includes(maxTlp)) throw new UsageError(`--max-tlp takes ${TLP_LEVELS.join(', ')}`);
  const minScore = flags['min-score'] === undefined ? 0 : whole(flags['min-score']);
  if (!(minScore >= 0 && minScore <= 100))
    throw new UsageError(`--min-score takes a whole number from 0 to 100, not "${flags['min-score']}"`);
  const unknownTypes = (flags.type ?? []).filter((t) => !(INDICATOR_TYPES as readonly string[]).includes(t));
  if (unknownTypes.length)
    throw new UsageError(
      `unknown indicator type "${unknownTypes[0]}"; --type takes ${INDICATOR_TYPES.join(', ')}`,
    );
  const sidBase = flags['sid-base'] === undefined ? DEFAULT_SID_BASE : whole(flags['sid-base']);
  if (!(sidBase >= 1 && sidBase + SID_SPAN - 1 <= MAX_SID))
    throw new UsageError(
      `--sid-base takes a whole number from 1 to ${MAX_SID - SID_SPAN + 1} (the rules use ${SID_SPAN} sids from it)`,
    );
  if (flags['sid-base'] !== undefined && format !== 'suricata')
    throw new UsageError('--sid-base is for suricata');
  if (flags['rpz-wildcard'] && format !== 'rpz') throw new UsageError('--rpz-wildcard is for rpz');
  const limit = flags.limit === undefined ? undefined : whole(flags.limit);
  if (limit !== undefined && !(limit > 0)) throw new UsageError('--limit takes a positive whole number');
  if (!flags.out && (format === 'suricata' || format === 'misp-feed'))
    throw new UsageError(
      format === 'suricata'
        ? 'suricata needs --out FILE: its hash lists and datasets are written beside the rules'
        : 'misp-feed needs --out FOLDER',
    );
  return {
    format,
    out: flags.out,
    types: flags.type?.length ? [...new Set(flags.type as IndicatorType[])] : null,
    sources: [...new Set(flags.source ?? [])],
    minScore,
    maxTlp,
    sidBase,
    rpzWildcard: flags['rpz-wildcard'] ?? false,
    limit,
  };
}

/** Whether --out can be written (a file, or for misp-feed a folder), before the export starts. */
export async function checkOut(request: ControlRequest): Promise<void> {
  if (!request.out) return;
  const out = path.resolve(request.out);
  const existing = await stat(out).catch(() => null);
  const folder = request.format === 'misp-feed';
  if (existing && existing.isDirectory() !== folder)
    throw new Error(
      `cannot write --out ${request.out}: it is ${folder ? 'a file, not a folder' : 'a folder'}`,
    );
  const dir = existing && folder ? out : path.dirname(out);
  try {
    await access(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      `cannot write --out ${request.out}: ${code === 'ENOENT' ? `the folder ${dir} does not exist` : `no permission to write in ${dir}`}`,
      { cause: error },
    );
  }
}

/** Runs a checked request in the caller's read-only transaction. */
export async function runControlRequest(db: ClientBase, request: ControlRequest): Promise<ExportSummary> {
  const found = await resolveSources(db, request.sources);
  if (found.unknown.length)
    throw new UsageError(
      `unknown source "${found.unknown[0]}"; sources: ${found.known.slice(0, 30).join(', ')}${found.known.length > 30 ? ', …' : ''}`,
    );
  const selection = {
    types: request.types,
    sources: request.sources,
    maxTlp: request.maxTlp,
    minScore: request.minScore,
  };
  const filter = { maxTlp: request.maxTlp, minScore: request.minScore };
  if (request.format === 'misp-feed') {
    const { rows } = await db.query<{ id: string; name: string }>(
      'select id, name from public.sources where $1::uuid[] is null or id = any($1::uuid[]) order by name',
      [request.sources.length ? found.ids : null],
    );
    return writeMispFeed(db, {
      folder: request.out!,
      filter,
      sources: rows,
      withoutSource: request.sources.length === 0,
      selection,
    });
  }
  const writer = controlWriter(request.format, {
    types: request.types,
    sidBase: request.sidBase,
    listStem: path.basename(request.out ?? 'cti').replace(/\.rules$/, ''),
    rpzWildcard: request.rpzWildcard,
  });
  return runControlExport(db, {
    format: request.format,
    writer,
    filter: { ...filter, sourceIds: request.sources.length ? found.ids : null },
    selection,
    out: request.out,
    limit: request.limit,
  });
}

export const describeExport = (s: ExportSummary): string => {
  const left =
    Object.values(s.leftOut).reduce((a, n) => a + n, 0) +
    Object.values(s.unwritable).reduce((a, n) => a + n, 0);
  return `exported ${heldCount(s)} values as ${s.format}, left out ${left} (see the header)`;
};

export const CONTROL_FORMAT_LIST = CONTROL_FORMATS.join('|');
