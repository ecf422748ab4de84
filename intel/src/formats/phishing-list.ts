import type { Draft } from '../model/drafts.js';
import type { FormatAdapter, Sample, SourceDefaults } from './format.js';
import { maltrailDrafts, trailName } from './phishing/maltrail.js';
import { polkadotAllDrafts, polkadotMetaDrafts } from './phishing/polkadot.js';

/**
 * Phishing block lists: the polkadot-js phishing list (`all.json` and its `meta/<YYYY-MM>.json`
 * log) and Maltrail trail files. Their hosts and URLs are what Brand Protection's lookalikes are
 * matched against; every entry is phishing infrastructure, so each indicator is labelled so.
 */

type Shape = 'polkadot-all' | 'polkadot-meta' | 'maltrail';

/** `{"allow": [...], "deny": [...]}`: the short allow list comes first, so `deny` is in the sample. */
const POLKADOT_ALL = /^\s*\{\s*"(?:allow|deny|denySub)"\s*:\s*\[/;
/** `[{"date": "2026-01-31", "url": "…"}, …]`: the first entry has exactly these two keys. */
const POLKADOT_META =
  /^\s*\[\s*\{\s*"(date|url)"\s*:\s*"[^"\n]{0,300}"\s*,\s*"(date|url)"\s*:\s*"[^"\n]{0,300}"\s*\}/;
const MALTRAIL_HEADER = /^#\s*Copyright \(c\) [\d-]+ Maltrail developers/;
const REFERENCE_LINE = /^#\s*Reference:\s*\S/m;

/**
 * A trail file without Maltrail's header is still recognised by its `# Reference:` comments when
 * every other line of the sample is a comment or a single token (no CSV, TSV or JSON).
 */
function looksLikeTrails(head: string): boolean {
  if (MALTRAIL_HEADER.test(head)) return true;
  if (!REFERENCE_LINE.test(head) || /^\s*[[{]/.test(head)) return false;
  return head.split('\n').every((line) => {
    const text = line.trim();
    return text === '' || text.startsWith('#') || /^[^\s,;"{}]+$/.test(text);
  });
}

function shapeOf(head: string): Shape | undefined {
  if (POLKADOT_ALL.test(head) && /"deny"\s*:/.test(head)) return 'polkadot-all';
  const meta = POLKADOT_META.exec(head);
  if (meta && meta[1] !== meta[2]) return 'polkadot-meta';
  return looksLikeTrails(head) ? 'maltrail' : undefined;
}

const POLKADOT: SourceDefaults = {
  name: 'polkadot-js phishing list',
  kind: 'feed',
  url: 'https://raw.githubusercontent.com/polkadot-js/phishing/master/all.json',
  reliability: 'C',
  tlp: 'clear',
  confidence: 70,
};

/** `Maltrail Evilginx trails` for `evilginx.txt`: each trail file is a source of its own. */
function maltrailDefaults(fileName: string): SourceDefaults {
  const trail = trailName(fileName);
  return {
    name: trail ? `Maltrail ${trail.charAt(0).toUpperCase()}${trail.slice(1)} trails` : 'Maltrail trails',
    kind: 'feed',
    url: 'https://github.com/stamparm/maltrail',
    reliability: 'C',
    tlp: 'clear',
    confidence: 70,
  };
}

export const phishingListFormat: FormatAdapter = {
  name: 'phishing-list',
  description: 'Phishing block lists: polkadot-js phishing (all.json, meta/*.json), Maltrail trails',
  defaults: POLKADOT,
  defaultsFor: (sample: Sample) =>
    shapeOf(sample.head) === 'maltrail' ? maltrailDefaults(sample.fileName) : POLKADOT,
  detect: ({ head }) => shapeOf(head) !== undefined,
  parse(input, ctx): AsyncIterable<Draft> {
    const head = ctx.head.trimStart();
    // Any JSON goes to a JSON reader, whose shape check says what is wrong with it.
    if (head.startsWith('{')) return polkadotAllDrafts(input);
    if (head.startsWith('[')) return polkadotMetaDrafts(input);
    return maltrailDrafts(input, ctx.fileName);
  },
};
