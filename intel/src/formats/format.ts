import type { Readable } from 'node:stream';
import type { Draft, Tlp } from '../model/drafts.js';

export const FORMAT_NAMES = [
  'kev',
  'epss',
  'cve',
  'attack',
  'stix',
  'misp',
  'misp-galaxy',
  'threatfox',
  'feodo',
  'urlhaus',
  'phishing-list',
  'rss',
  'nvd',
] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

/** Formats an administrator describes with a feed map (formats/mapped) instead of an importer. */
export const MAPPED_FORMAT_NAMES = ['csv-map', 'json-map'] as const;
export type MappedFormatName = (typeof MAPPED_FORMAT_NAMES)[number];

/** The beginning of an input, decompressed and without a BOM, to recognise its format. */
export interface Sample {
  /** Base name of the file (`known_exploited_vulnerabilities.json`), lower-case not guaranteed. */
  fileName: string;
  /** The first bytes as UTF-8 text (up to 64 KiB; a shorter input is whole). */
  head: string;
}

export interface ParseContext {
  fileName: string;
  /** The input's sample (its first 64 KiB), for header lines a format reads before its records. */
  head: string;
}

/** How a source of this format is described when the import names none (`--source`). */
export interface SourceDefaults {
  name: string;
  kind: 'feed' | 'file' | 'manual' | 'taxii' | 'misp' | 'rss';
  url?: string;
  /** Admiralty scale source reliability, A (completely reliable) … F (cannot be judged). */
  reliability: 'A' | 'B' | 'C' | 'D' | 'E' | 'F';
  tlp: Tlp;
  /** 0–100, for records that carry no confidence of their own. */
  confidence: number;
}

export interface FormatAdapter {
  name: FormatName | MappedFormatName;
  /** One line for `--help` and the README. */
  description: string;
  defaults: SourceDefaults;
  /**
   * For a format that reads several publishers' lists (phishing-list): the source an input names
   * when the import names none, from its sample. Absent: `defaults`.
   */
  defaultsFor?(sample: Sample): SourceDefaults;
  /** True when the sample is this format; must be cheap and must not throw. */
  detect(sample: Sample): boolean;
  /**
   * Streams drafts out of one input (already decompressed, BOM removed). Record-level problems
   * are yielded as `reject` drafts; an input unreadable as a whole throws `InputRefused`
   * (malformed or truncated JSON, the wrong top-level shape, a missing CSV header), and then the
   * pipeline writes nothing.
   */
  parse(input: Readable, ctx: ParseContext): AsyncIterable<Draft>;
}

/** The input as a whole cannot be imported; the message is for people and says why. */
export class InputRefused extends Error {
  override name = 'InputRefused';
}
