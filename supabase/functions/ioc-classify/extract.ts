// Finds indicators of compromise in free text and gives each its type and a defanged form.
// Input may itself be defanged (hxxp://, [.], [at]): it is refanged first, so pasted reports work.

export type IndicatorType = 'url' | 'email' | 'cve' | 'sha256' | 'sha1' | 'md5' | 'ipv4' | 'ipv6' | 'domain';

export interface Indicator {
  type: IndicatorType;
  value: string;
  defanged: string;
}

export const MAX_INDICATORS = 1000;

// Extensions that look like top-level domains in reports ("dropper.exe", "loader.js").
const FILE_EXTENSIONS = new Set([
  'exe',
  'dll',
  'sys',
  'js',
  'ts',
  'py',
  'sh',
  'bat',
  'ps1',
  'vbs',
  'jar',
  'txt',
  'log',
  'json',
  'xml',
  'csv',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'htm',
  'html',
  'php',
  'asp',
  'aspx',
  'zip',
  'rar',
  'gz',
  'tar',
  'tmp',
  'dat',
  'bin',
  'lnk',
  'iso',
  'msi',
  'md',
  'yml',
  'yaml',
]);

/** Undoes the usual defanging: hxxp, [.], (.), {.}, [dot], [:], [@], [at]. */
export function refang(text: string): string {
  return text
    .replace(/\[\s*\.\s*\]|\(\s*\.\s*\)|\{\s*\.\s*\}|\[dot\]|\(dot\)/gi, '.')
    .replace(/\[\s*:\s*\]/g, ':')
    .replace(/\[\s*@\s*\]|\[at\]|\(at\)/gi, '@')
    .replace(/\bhxxp(s?):\/\//gi, 'http$1://')
    .replace(/\bfxp:\/\//gi, 'ftp://');
}

const dots = (value: string) => value.replace(/\./g, '[.]');

export function defang(type: IndicatorType, value: string): string {
  switch (type) {
    case 'url': {
      const url = new URL(value);
      const scheme = url.protocol.replace(/^http/, 'hxxp').replace(/^ftp/, 'fxp');
      const rest = value.slice(value.indexOf('://') + 3);
      const hostEnd = rest.search(/[/?#]/);
      const authority = hostEnd < 0 ? rest : rest.slice(0, hostEnd);
      return `${scheme}//${dots(authority)}${hostEnd < 0 ? '' : rest.slice(hostEnd)}`;
    }
    case 'email': {
      const at = value.lastIndexOf('@');
      return `${value.slice(0, at)}[@]${dots(value.slice(at + 1))}`;
    }
    case 'domain':
    case 'ipv4':
      return dots(value);
    case 'ipv6':
      return value.replace(/:/g, '[:]');
    default:
      return value;
  }
}

function validIpv4(value: string): boolean {
  return value.split('.').every((octet) => Number(octet) <= 255 && (octet === '0' || !octet.startsWith('0')));
}

function validIpv6(value: string): boolean {
  if (!/[0-9a-f]/i.test(value) || (value.match(/:/g) ?? []).length < 2) return false;
  try {
    new URL(`http://[${value}]/`);
    return true;
  } catch {
    return false;
  }
}

function validUrl(value: string): boolean {
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

interface Rule {
  type: (match: string) => IndicatorType | undefined;
  pattern: RegExp;
  normalize: (match: string) => string;
}

// In order: a match hides its text from the rules after it (a URL's host is not also a domain).
const RULES: Rule[] = [
  {
    pattern: /\b(?:https?|ftp):\/\/[^\s<>"'`]+/gi,
    type: (m) => (validUrl(m) ? 'url' : undefined),
    normalize: (m) => m,
  },
  {
    pattern: /\b[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,24}\b/g,
    type: () => 'email',
    normalize: (m) => m.toLowerCase(),
  },
  { pattern: /\bCVE-\d{4}-\d{4,7}\b/gi, type: () => 'cve', normalize: (m) => m.toUpperCase() },
  {
    pattern: /\b[a-f0-9]{32,64}\b/gi,
    type: (m) => (({ 32: 'md5', 40: 'sha1', 64: 'sha256' }) as const)[m.length as 32 | 40 | 64],
    normalize: (m) => m.toLowerCase(),
  },
  {
    pattern: /\b(?:\d{1,3}\.){3}\d{1,3}\b/g,
    type: (m) => (validIpv4(m) ? 'ipv4' : undefined),
    normalize: (m) => m,
  },
  {
    pattern: /(?<![\w:.])(?:[a-f0-9]{0,4}:){2,7}(?:[a-f0-9]{1,4}|(?:\d{1,3}\.){3}\d{1,3})?(?![\w:])/gi,
    type: (m) => (validIpv6(m) ? 'ipv6' : undefined),
    normalize: (m) => m.toLowerCase(),
  },
  {
    pattern: /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}\b/gi,
    type: (m) => (FILE_EXTENSIONS.has(m.slice(m.lastIndexOf('.') + 1).toLowerCase()) ? undefined : 'domain'),
    normalize: (m) => m.toLowerCase(),
  },
];

/** Every distinct indicator, in order of first appearance, at most MAX_INDICATORS. */
export function extractIndicators(input: string): { indicators: Indicator[]; truncated: boolean } {
  let text = refang(input);
  const found: { at: number; indicator: Indicator }[] = [];
  const seen = new Set<string>();
  for (const rule of RULES) {
    const hidden: [number, number][] = [];
    for (const match of text.matchAll(rule.pattern)) {
      // URLs often end a sentence: trailing punctuation is not part of them.
      const raw = rule === RULES[0] ? match[0].replace(/[.,;:!?)\]}'"]+$/, '') : match[0];
      const type = rule.type(raw);
      if (type === undefined) continue;
      hidden.push([match.index, match.index + raw.length]);
      const value = rule.normalize(raw);
      if (seen.has(`${type}:${value}`)) continue;
      seen.add(`${type}:${value}`);
      found.push({ at: match.index, indicator: { type, value, defanged: defang(type, value) } });
    }
    for (const [start, end] of hidden)
      text = text.slice(0, start) + ' '.repeat(end - start) + text.slice(end);
  }
  found.sort((a, b) => a.at - b.at);
  return {
    indicators: found.slice(0, MAX_INDICATORS).map((f) => f.indicator),
    truncated: found.length > MAX_INDICATORS,
  };
}
