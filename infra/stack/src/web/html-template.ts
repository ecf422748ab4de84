/**
 * The built index.html turned into a template, once per build: the runtime configuration of this
 * installation goes into `<meta name="cti-runtime-config">`, and a slot for the per-response nonce
 * goes into every <script> and <style> tag and into `<meta name="csp-nonce">` (which the app reads
 * when it needs the nonce, e.g. for Emotion's style cache). Rendering is then a join, so a fresh
 * nonce per response costs nothing.
 */

/** The values the app reads from `<meta name="cti-runtime-config">` (frontend/src/config/env.ts). */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  appVersion: string;
}

/** Escapes text for a double-quoted HTML attribute (also safe between tags). */
export function escapeHtmlAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Never occurs in HTML text (NUL is not allowed there), so splitting on it is exact. */
const NONCE_SLOT = '\u0000nonce\u0000';

const RUNTIME_META = /<meta\b[^>]*\bname\s*=\s*["']?cti-runtime-config["']?[^>]*>/i;
const NONCE_META = /<meta\b[^>]*\bname\s*=\s*["']?csp-nonce["']?[^>]*>/i;
/** Opening <script>/<style> tags; an existing nonce attribute in them is dropped first. */
const NONCED_TAG = /<(script|style)\b([^>]*)>/gi;
const NONCE_ATTRIBUTE = /\s+nonce\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;
const HEAD_OPEN = /<head\b[^>]*>/i;
const CHARSET_META = /<meta\b[^>]*\bcharset\s*=[^>]*>/i;

/** A global copy of a pattern (global regexps keep state between calls, so none is shared). */
function everywhere(pattern: RegExp): RegExp {
  return new RegExp(pattern.source, 'gi');
}

export interface HtmlTemplate {
  render(nonce: string): string;
}

export function compileHtmlTemplate(html: string, runtime: RuntimeConfig): HtmlTemplate {
  const runtimeMeta = `<meta name="cti-runtime-config" content="${escapeHtmlAttribute(JSON.stringify(runtime))}" />`;
  const nonceMeta = `<meta name="csp-nonce" content="${NONCE_SLOT}" />`;
  // NUL marks the nonce slot; a stray one in the page must not create an extra slot.
  let text = html.replaceAll('\u0000', '');
  text = text.replace(NONCED_TAG, (_tag, name: string, attributes: string) => {
    return `<${name} nonce="${NONCE_SLOT}"${attributes.replace(NONCE_ATTRIBUTE, '')}>`;
  });
  const hadRuntimeMeta = RUNTIME_META.test(text);
  text = text.replace(everywhere(RUNTIME_META), () => runtimeMeta);
  const hadNonceMeta = NONCE_META.test(text);
  text = text.replace(everywhere(NONCE_META), () => nonceMeta);
  // A page without the placeholders still gets them, right after <meta charset> (which must stay
  // early in the page), else first in <head>, else at the very start.
  const missing = `${hadNonceMeta ? '' : nonceMeta}${hadRuntimeMeta ? '' : runtimeMeta}`;
  if (missing) {
    const anchor = CHARSET_META.exec(text) ?? HEAD_OPEN.exec(text);
    const at = anchor ? anchor.index + anchor[0].length : 0;
    text = text.slice(0, at) + missing + text.slice(at);
  }
  const parts = text.split(NONCE_SLOT);
  return {
    render(nonce: string): string {
      if (!/^[A-Za-z0-9+/=_-]+$/.test(nonce)) throw new Error('a nonce must be base64 text');
      return parts.join(nonce);
    },
  };
}
