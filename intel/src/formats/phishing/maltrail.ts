import type { Readable } from 'node:stream';
import type { Draft } from '../../model/drafts.js';
import { lineBatches, MAX_LINE_BYTES } from '../../telemetry/lines.js';
import { defined } from '../lib/fields.js';
import { listEntry } from './list-entry.js';

/**
 * Maltrail static trail files (github.com/stamparm/maltrail, `trails/static/**.txt`): one entry a
 * line (host name, IP, IP:port, URL, or a path Maltrail looks for in any HTTP request), in blocks
 * introduced by comment lines: `# Reference: <url> (# YYYY-MM-DD)` gives the block's source and the
 * day it was added, `# TITLE-HOST/IP=…` and similar lines are the hunting notes that found it. A
 * file-level `# Aliases:` names the trail's other names.
 */

/** The trail's own name from the file name: `evilginx.txt`, `maltrail-evilginx-trails.txt` → evilginx. */
export function trailName(fileName: string): string | undefined {
  const name = fileName
    .toLowerCase()
    .replace(/(\.txt)?(\.gz)?$/, '')
    .replace(/^maltrail[-_]/, '')
    .replace(/[-_]trails?$/, '');
  return /^[a-z0-9][a-z0-9_-]{0,39}$/.test(name) ? name : undefined;
}

/** What the comment lines above the current block said. */
interface Block {
  references: string[];
  /** The day the block was added, from `(# 2024-09-22)` after its reference. */
  added?: string;
  notes: string[];
}

const REFERENCE = /^Reference:\s*(\S+)(?:\s*\(#\s*(\d{4}-\d{2}-\d{2})\s*\))?/i;
const ALIASES = /^Aliases:\s*(.+)$/i;
/** The file's licence header, not a note about any block. */
const BOILERPLATE = /^(Copyright \(c\)|See the file )/i;

interface Trail {
  name: string | undefined;
  labels: string[];
  aliases: string[];
}

/** One entry line → an indicator carrying its block's reference, day added and notes. */
function entryDraft(where: string, text: string, block: Block, trail: Trail): Draft {
  const entry = listEntry(text);
  if (entry.kind === 'path') return { kind: 'ignored', where, what: 'URL path without a host' };
  return {
    kind: 'indicator',
    where,
    type: entry.type,
    value: entry.value,
    reference: block.references[0],
    firstSeen: block.added,
    labels: [...trail.labels],
    context: defined({
      threat_type: 'phishing',
      trail: trail.name,
      port: entry.port,
      // Aliases stay in the context, as ThreatFox's do: as malware names they would become families.
      malware_alias: trail.aliases.length > 0 ? [...trail.aliases] : undefined,
      references: block.references.length > 1 ? block.references : undefined,
      notes: block.notes.length > 0 ? block.notes : undefined,
    }),
  };
}

/** A comment line: a reference or note of the block below it, or the file's aliases. */
function readComment(comment: string, block: Block, trail: Trail): void {
  const reference = REFERENCE.exec(comment);
  if (reference) {
    block.references.push(reference[1]!);
    block.added ??= reference[2];
    return;
  }
  const aliases = ALIASES.exec(comment);
  if (aliases)
    trail.aliases = aliases[1]!
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
  else if (comment !== '' && !BOILERPLATE.test(comment)) block.notes.push(comment.slice(0, 200));
}

export async function* maltrailDrafts(input: Readable, fileName: string): AsyncGenerator<Draft> {
  const name = trailName(fileName);
  const trail: Trail = { name, labels: name ? ['phishing', name] : ['phishing'], aliases: [] };
  let block: Block = { references: [], notes: [] };
  /** A comment after an entry starts the next block. */
  let inEntries = false;
  let line = 0;
  for await (const lines of lineBatches(input)) {
    for (const raw of lines) {
      line++;
      const where = `line ${line}`;
      if (typeof raw !== 'string') {
        yield { kind: 'reject', where, reason: `line longer than ${MAX_LINE_BYTES} bytes: skipped unread` };
        continue;
      }
      const text = raw.trim();
      if (text === '') continue;
      if (text.startsWith('#')) {
        if (inEntries) block = { references: [], notes: [] };
        inEntries = false;
        readComment(text.replace(/^#+\s*/, ''), block, trail);
        continue;
      }
      inEntries = true;
      yield entryDraft(where, text, block, trail);
    }
  }
}
