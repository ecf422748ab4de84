/**
 * Defanging, the CTI convention for showing hostile indicators without making them usable: `http` becomes
 * `hxxp`, dots in host names and IPv4 addresses become `[.]`, `@` becomes `[@]`, and script-capable schemes
 * lose their colon (`javascript[:]`). Nothing auto-links or resolves the result. Idempotent, so the input
 * guard can re-apply it on every keystroke.
 */

const WEB_SCHEME = /\b(h)tt(p)(s?)(?=(?::|\[:\])\/\/)/gi;
const FTP_SCHEME = /\b(f)t(p)(s?)(?=(?::|\[:\])\/\/)/gi;
const SCRIPT_SCHEME = /\b(javascript|vbscript|data(?=\s*:\s*[a-z]+\/[a-z]))\s*:/gi;
const AT = /(?<!\[)@(?!\])/g;

/** Dotted runs of letters, digits and hyphens (any script), not starting inside another run. */
const DOTTED = /(?<![\p{L}\p{N}.-])[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

function isIpv4(labels: readonly string[]): boolean {
  return labels.length === 4 && labels.every((label) => /^\d{1,3}$/.test(label) && Number(label) <= 255);
}

/** A host name ends in a top-level label of two or more characters with a letter; versions like 1.2.3 do not. */
function isHostLike(labels: readonly string[]): boolean {
  const last = labels.at(-1) ?? '';
  return isIpv4(labels) || (last.length >= 2 && /\p{L}/u.test(last));
}

export function defang(text: string): string {
  return text
    .replace(WEB_SCHEME, (_m, h: string, p: string, s: string) => `${h}xx${p}${s}`)
    .replace(FTP_SCHEME, (_m, f: string, p: string, s: string) => `${f}x${p}${s}`)
    .replace(SCRIPT_SCHEME, (_m, scheme: string) => `${scheme}[:]`)
    .replace(AT, '[@]')
    .replace(DOTTED, (token) => (isHostLike(token.split('.')) ? token.replace(/\./g, '[.]') : token));
}

/** True when defanging would change `text`, i.e. it holds something live. */
export function hasLiveIndicators(text: string): boolean {
  return defang(text) !== text;
}
