/**
 * MIME checks for a bucket's `allowed_mime_types`: entries are exact types ("image/png") or a
 * whole family ("image/*"); parameters such as "; charset=utf-8" never take part in the match.
 */

/** "Text/Plain; charset=UTF-8" -> "text/plain". */
export function baseMimeType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** True when the bucket allows `contentType` (no list or an empty list allows everything). */
export function mimeAllowed(contentType: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = baseMimeType(contentType);
  const [family] = type.split('/');
  return allowed.some((entry) => {
    const pattern = baseMimeType(entry);
    if (pattern === '*/*' || pattern === '*') return true;
    if (pattern.endsWith('/*')) return family === pattern.slice(0, -2);
    return pattern === type;
  });
}

/** A plausible "type/subtype" (what a bucket may list, and what an upload may declare). */
export function isMimeTypeShape(value: string): boolean {
  return /^[\w.+-]+\/(\*|[\w.+-]+)$/.test(baseMimeType(value)) || value.trim() === '*/*';
}
