import { z } from 'zod';
import type { IndicatorDraft, Tlp } from '../../model/drafts.js';
import { INDICATOR_TYPES } from '../../model/drafts.js';
import {
  canonicalIndicator,
  PAP_LEVELS,
  papFromMarkingRef,
  parsePap,
  parseTlp,
  tlpFromMarkingRef,
  type Pap,
} from '../../normalise/index.js';
import { geoColumns } from '../../geo/annotate-value.js';
import { CopyJson, type CopyValue } from '../copy-text.js';
import type { SourceContext } from './source-context.js';
import { confidence, optionalText, parseOrReject, RecordRejected, textList, timestamp } from './fields.js';

const killChainPhase = z.object({ kill_chain_name: z.string().max(200), phase_name: z.string().max(200) });

const indicatorSchema = z.object({
  type: z.enum(INDICATOR_TYPES),
  value: z.string().min(1, 'empty value').max(8192, 'value longer than 8,192 characters'),
  sourceRef: optionalText(500),
  reference: optionalText(4096),
  confidence,
  name: optionalText(500),
  description: optionalText(10000),
  labels: textList(200, 200),
  malware: textList(50, 200),
  killChainPhases: z.array(killChainPhase).max(50).default([]),
  revoked: z.boolean().optional(),
  context: z.record(z.string(), z.unknown()).default({}),
});

/** An indicator ready for staging; records of one batch with the same key are folded. */
export interface StagedIndicator {
  key: string;
  type: IndicatorDraft['type'];
  value: string;
  name: string | undefined;
  description: string;
  confidence: number;
  tlp: Tlp;
  /** The report's PAP (a MISP `PAP:` tag); CLEAR when it names none (the source's PAP still applies). */
  pap: Pap;
  firstSeen: string | undefined;
  lastSeen: string | undefined;
  validFrom: string | undefined;
  validUntil: string | undefined;
  revoked: boolean | undefined;
  labels: string[];
  killChainPhases: unknown[];
  sourceRef: string | undefined;
  reference: string | undefined;
  malware: string[];
  context: Record<string, unknown>;
  /** What canonicalisation changed that the import should say (a range's host bits cleared). */
  note: string | undefined;
}

/** TLP from the record: explicit, a MISP `tlp:` tag, or STIX marking refs; else the source's. */
function recordTlp(draft: IndicatorDraft, context: Record<string, unknown>, fallback: Tlp): Tlp {
  if (draft.tlp) return draft.tlp;
  const tag = context.tlp_tag;
  if (typeof tag === 'string') {
    const tlp = parseTlp(tag);
    if (!tlp) throw new RecordRejected(`tlp: unknown TLP tag "${tag.slice(0, 60)}"`);
    return tlp;
  }
  const refs = context.object_marking_refs;
  if (Array.isArray(refs)) {
    for (const ref of refs) {
      const tlp = typeof ref === 'string' ? tlpFromMarkingRef(ref) : undefined;
      if (tlp) return tlp;
    }
  }
  return fallback;
}

/** PAP from a MISP `pap:` tag or a STIX PAP marking ref (the most restrictive named); CLEAR without. */
function recordPap(context: Record<string, unknown>): Pap {
  const tag = context.pap_tag;
  if (typeof tag === 'string') {
    const pap = parsePap(tag);
    if (!pap) throw new RecordRejected(`pap: unknown PAP tag "${tag.slice(0, 60)}"`);
    return pap;
  }
  const refs = Array.isArray(context.object_marking_refs) ? context.object_marking_refs : [];
  const named = refs.map((ref) => (typeof ref === 'string' ? papFromMarkingRef(ref) : undefined));
  return named.reduce<Pap>(
    (most, pap) => (pap && PAP_LEVELS.indexOf(pap) > PAP_LEVELS.indexOf(most) ? pap : most),
    'clear',
  );
}

const sortedUnique = (items: string[]): string[] => [...new Set(items)].sort();
const earliest = (a?: string, b?: string) => (a === undefined ? b : b === undefined || a <= b ? a : b);
const latest = (a?: string, b?: string) => (a === undefined ? b : b === undefined || a >= b ? a : b);

export function prepareIndicator(draft: IndicatorDraft, source: SourceContext): StagedIndicator {
  const d = parseOrReject(indicatorSchema, draft);
  const canonical = canonicalIndicator(d.type, d.value);
  if (!canonical.ok) throw new RecordRejected(`value: ${canonical.reason}`);
  const { tlp_tag: _tag, pap_tag: _pap, object_marking_refs: _refs, ...context } = d.context;
  const firstSeen = timestamp('first_seen', draft.firstSeen);
  const lastSeen = timestamp('last_seen', draft.lastSeen);
  return {
    key: `${d.type}\u0000${canonical.value}`,
    type: d.type,
    value: canonical.value,
    name: d.name,
    description: d.description ?? '',
    confidence: d.confidence ?? source.confidence,
    tlp: recordTlp(draft, d.context, source.tlp),
    pap: recordPap(d.context),
    firstSeen: firstSeen ?? lastSeen,
    lastSeen: lastSeen ?? firstSeen,
    validFrom: timestamp('valid_from', draft.validFrom, true),
    validUntil: timestamp('valid_until', draft.validUntil, true),
    revoked: d.revoked,
    labels: sortedUnique(d.labels),
    killChainPhases: d.killChainPhases,
    sourceRef: d.sourceRef,
    reference: d.reference,
    malware: sortedUnique(d.malware.map((m) => m.trim()).filter(Boolean)),
    context,
    note: canonical.note,
  };
}

/** Two reports of one indicator in one batch: the later one's text wins, ranges and sets widen. */
export function foldIndicator(earlier: StagedIndicator, later: StagedIndicator): StagedIndicator {
  return {
    ...later,
    firstSeen: earliest(earlier.firstSeen, later.firstSeen),
    lastSeen: latest(earlier.lastSeen, later.lastSeen),
    labels: sortedUnique([...earlier.labels, ...later.labels]),
    malware: sortedUnique([...earlier.malware, ...later.malware]),
    description: later.description || earlier.description,
    name: later.name ?? earlier.name,
    // Two reports of one value disagreeing on PAP: the more restrictive holds.
    pap: PAP_LEVELS.indexOf(earlier.pap) > PAP_LEVELS.indexOf(later.pap) ? earlier.pap : later.pap,
  };
}

/** Columns of stage_indicators, in order. */
export function indicatorRow(ord: number, i: StagedIndicator): CopyValue[] {
  return [
    ord,
    i.type,
    i.value,
    i.name,
    i.description,
    i.confidence,
    i.tlp,
    i.firstSeen,
    i.lastSeen,
    i.validFrom,
    i.validUntil,
    i.revoked,
    i.labels,
    new CopyJson(i.killChainPhases),
    i.sourceRef,
    i.reference,
    i.malware,
    new CopyJson(i.context),
    i.pap,
    // The offline AS and country (issue 30 §1): one in-memory lookup per staged value.
    ...geoColumns(i.type, i.value),
  ];
}
