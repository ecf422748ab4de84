/**
 * Security meta tags (SPEC §9). The Content-Security-Policy meta carries the nonce the stack's web server
 * put in this response (`<meta name="csp-nonce">` and the `nonce` of its <script> tags) and only
 * directives that work in meta. Referrer-Policy via `<meta name="referrer">` works too.
 *
 * Strict-Transport-Security and X-Content-Type-Options as http-equiv are IGNORED by browsers; they
 * are written only because the spec lists them. X-Frame-Options is not written: Chromium reports it
 * as an error in the console ("may only be set via an HTTP header"), and the server sends it. The real ones are the response headers of
 * security-headers.ts, sent by the stack's web server. A policy added by script applies only to what loads
 * afterwards (lazy routes, images, connections), and removing the element later does not lift it.
 */
import { createLogger } from './logger';
import { SECURITY_HEADERS, metaCsp } from './security-headers';

const log = createLogger('security-meta');

export function readCspNonce(doc: Document = document): string | undefined {
  const fromMeta = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  if (fromMeta) return fromMeta;
  // Browsers hide the nonce attribute after parsing; the property keeps it.
  const script = doc.querySelector<HTMLScriptElement>('script[nonce]');
  return script?.nonce || script?.getAttribute('nonce') || undefined;
}

export interface MetaTagOptions {
  doc?: Document;
  connectSources?: readonly string[];
  /**
   * Without a server nonce in development (vite dev injects inline scripts and uses an HMR socket),
   * writing a policy would break the dev server, so the CSP meta is skipped there.
   */
  development?: boolean;
}

function addMeta(doc: Document, attributes: Record<string, string>, first = false): HTMLMetaElement {
  const meta = doc.createElement('meta');
  for (const [name, value] of Object.entries(attributes)) meta.setAttribute(name, value);
  if (first) doc.head.prepend(meta);
  else doc.head.append(meta);
  return meta;
}

export function installSecurityMetaTags({
  doc = document,
  connectSources = [],
  development = import.meta.env.DEV,
}: MetaTagOptions = {}): () => void {
  const added: HTMLMetaElement[] = [];
  const nonce = readCspNonce(doc);
  const hasCsp = doc.querySelector('meta[http-equiv="Content-Security-Policy" i]') !== null;
  if (!hasCsp && (nonce || !development)) {
    added.push(
      addMeta(
        doc,
        { 'http-equiv': 'Content-Security-Policy', content: metaCsp({ nonce, connectSources }) },
        true,
      ),
    );
  } else if (!hasCsp) {
    log.debug('No CSP nonce in development; the Content-Security-Policy meta is skipped');
  }
  if (!doc.querySelector('meta[name="referrer"]')) {
    added.push(addMeta(doc, { name: 'referrer', content: SECURITY_HEADERS['Referrer-Policy'] }));
  }
  for (const header of ['X-Content-Type-Options', 'Strict-Transport-Security'] as const) {
    if (!doc.querySelector(`meta[http-equiv="${header}" i]`)) {
      added.push(addMeta(doc, { 'http-equiv': header, content: SECURITY_HEADERS[header] }));
    }
  }
  return () => added.forEach((meta) => meta.remove());
}
