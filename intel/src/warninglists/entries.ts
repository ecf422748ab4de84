import { cidrEntry } from './cidr.js';
import { regexEntry } from './regex.js';
import type { WarninglistFile } from './read-list.js';

/** Longer entries are refused: the longest real one is 79 characters; indicators stop at 8,192. */
export const WARNINGLIST_ENTRY_MAX_CHARS = 1024;

export interface KeptEntry {
  /** As listed, trimmed. */
  value: string;
  /** The lookup form (the column `key`): see the migration's comment. */
  key: string;
  /** A cidr entry's network. */
  cidr?: string;
}

export interface Entries {
  kept: KeptEntry[];
  rejects: { where: string; reason: string }[];
  /** What was changed and said so: a CIDR with host bits set. */
  notes: { where: string; note: string }[];
  /** Entries equal to an earlier one once normalised. */
  duplicates: number;
}

/** One entry in its lookup form, or why it cannot be used. */
function lookupForm(
  type: WarninglistFile['type'],
  value: string,
): { key: string; cidr?: string; cleared?: boolean } | { reason: string } {
  switch (type) {
    case 'string':
    case 'substring':
      // MISP compares these case-sensitively.
      return { key: value };
    case 'hostname': {
      // MISP's getFilteredEntries: lower-case, without leading or trailing dots.
      const key = value.toLowerCase().replace(/^\.+|\.+$/g, '');
      return key === '' ? { reason: 'a hostname entry with no name' } : { key };
    }
    case 'cidr': {
      const entry = cidrEntry(value);
      return entry.ok ? { key: entry.network, cidr: entry.network, cleared: entry.hostBitsCleared } : entry;
    }
    case 'regex': {
      const entry = regexEntry(value);
      return entry.ok ? { key: entry.pattern } : entry;
    }
  }
}

/** The entries of a list, each in its lookup form; `where` prefixes each reject's position. */
export function listEntries(list: WarninglistFile, where: string): Entries {
  const out: Entries = { kept: [], rejects: [], notes: [], duplicates: 0 };
  const seen = new Set<string>();
  list.entries.forEach((raw, index) => {
    const at = `${where} $.list[${index}]`;
    if (raw === undefined) return out.rejects.push({ where: at, reason: 'not a text entry' });
    const value = raw.trim();
    if (value === '') return out.rejects.push({ where: at, reason: 'an empty entry' });
    if (value.length > WARNINGLIST_ENTRY_MAX_CHARS)
      return out.rejects.push({ where: at, reason: `longer than ${WARNINGLIST_ENTRY_MAX_CHARS} characters` });
    const form = lookupForm(list.type, value);
    if ('reason' in form) return out.rejects.push({ where: at, reason: form.reason });
    if (form.cleared)
      out.notes.push({ where: at, note: `${value} has host bits set; kept as its network ${form.key}` });
    if (seen.has(form.key)) return out.duplicates++;
    seen.add(form.key);
    return out.kept.push({ value, key: form.key, ...(form.cidr ? { cidr: form.cidr } : {}) });
  });
  return out;
}
