/**
 * The shared text-input sanitiser (SPEC §5): strips angle brackets, `javascript:` in any case and inline
 * event-handler patterns (`on…=`), then trims. Defence in depth only; React's text escaping and the server
 * are the real controls (reference/security.md §1.1).
 *
 * It repeats until nothing changes, so removals cannot reassemble a pattern (`javajavascript:script:`,
 * `<scr<script>ipt>`, `oonnerror==`): f(f(x)) = f(x) for every x.
 */

/** Characters browsers ignore inside a URL scheme or that hide inside a keyword (tab, CR, LF, NUL, zero-width). */
const IGNORABLE = String.raw`[\u0000-\u0020\u00ad\u200b-\u200d\u2060\ufeff]*`;

/** `javascript` with ignorable characters allowed between letters, then a colon or an encoded colon. */
const JAVASCRIPT_SCHEME = new RegExp(
  [...'javascript'].join(IGNORABLE) + IGNORABLE + String.raw`(?::|&colon;?|&#0*58;?|&#x0*3a;?|%3a)`,
  'gi',
);

/** `onclick=`, `onerror =`, `ONLOAD=` at a word start. */
const EVENT_HANDLER = /\bon[a-z]+\s*=/gi;

/** ASCII angle brackets and the look-alikes that Unicode normalisation turns into them. */
const ANGLE_BRACKETS = /[<>\uff1c\uff1e\ufe64\ufe65]/g;

/** NUL never belongs in text and is rejected by Postgres anyway. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NUL = /\u0000/g;

function stripOnce(value: string): string {
  return value
    .replace(NUL, '')
    .replace(ANGLE_BRACKETS, '')
    .replace(JAVASCRIPT_SCHEME, '')
    .replace(EVENT_HANDLER, '');
}

/**
 * Without trimming: used while the user types, so a space between words is not eaten. Every pass that
 * changes something makes the string shorter, so the loop ends.
 */
export function stripDangerousText(value: string): string {
  let current = value;
  for (;;) {
    const next = stripOnce(current);
    if (next === current) return next;
    current = next;
  }
}

/**
 * Trimming after the loop keeps the fixed point: no pattern starts or ends with whitespace, so removing
 * whitespace at the ends cannot join two pieces into a new match.
 */
export function sanitizeTextInput(value: string): string {
  return stripDangerousText(value).trim();
}

/** The spec applies the sanitiser to text, email and untyped inputs only. */
export function isSanitizedInputType(type: string | undefined): boolean {
  return type === undefined || type === '' || type === 'text' || type === 'email';
}
