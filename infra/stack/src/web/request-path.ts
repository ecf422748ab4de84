/**
 * Turns a request target into path segments below the web root, refusing everything that could
 * step outside it. The raw target is parsed by hand: WHATWG URL parsing would quietly resolve
 * `/%2e%2e/` and `/../`, hiding traversal attempts instead of refusing them.
 */

export type RequestPath = { ok: true; segments: string[] } | { ok: false; status: 400 | 404; reason: string };

const MAX_TARGET_LENGTH = 4096;

export function parseRequestPath(target: string | undefined): RequestPath {
  if (!target || !target.startsWith('/')) return { ok: false, status: 400, reason: 'bad request target' };
  if (target.length > MAX_TARGET_LENGTH) return { ok: false, status: 400, reason: 'request target too long' };
  const rawPath = target.split(/[?#]/, 1)[0]!;
  const segments: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { ok: false, status: 400, reason: 'malformed percent-encoding' };
    }
    if (segment.includes('\0')) return { ok: false, status: 400, reason: 'NUL byte in path' };
    if (segment === '.' || segment === '..') return { ok: false, status: 400, reason: 'path traversal' };
    // An encoded slash would smuggle a second segment past the checks above.
    if (segment.includes('/') || segment.includes('\\')) {
      return { ok: false, status: 400, reason: 'encoded separator in path' };
    }
    // Dot files (.env, .git, .vite) are never part of what the app serves.
    if (segment.startsWith('.')) return { ok: false, status: 404, reason: 'hidden file' };
    segments.push(segment);
  }
  return { ok: true, segments };
}

/** Whether the last segment names a file type ("app.js"), as opposed to an app route ("/platform/alerts"). */
export function hasFileExtension(segments: readonly string[]): boolean {
  const last = segments.at(-1) ?? '';
  const dot = last.lastIndexOf('.');
  return dot > 0 && dot < last.length - 1;
}
