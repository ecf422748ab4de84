import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutboundPolicy } from '../outbound/address-rules.js';
import { guardedFetch } from '../outbound/guarded-fetch.js';
import { pullObjects, type TaxiiAuth } from './taxii-client.js';

/** A source whose URL is a TAXII 2.1 collection ({api-root}/collections/{id}/) and format stix. */
export const isTaxiiCollectionUrl = (url: string) => /\/collections\/[^/?#]+\/?$/.test(new URL(url).pathname);

/**
 * Credentials of a TAXII source, from the environment (never from the database, which analysts
 * read): TAXII_AUTH_<NAME> with the source name upper-cased, non-alphanumerics as `_`, holding
 * `user:password` (HTTP Basic; for our own server the API key id and secret) or `Bearer <token>`.
 */
export function taxiiAuthFor(sourceName: string, env: NodeJS.ProcessEnv = process.env): TaxiiAuth {
  const value = env[`TAXII_AUTH_${sourceName.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`];
  if (!value) return {};
  if (/^bearer\s+/i.test(value)) return { bearer: value.replace(/^bearer\s+/i, '') };
  const colon = value.indexOf(':');
  return colon < 0 ? {} : { basic: { username: value.slice(0, colon), password: value.slice(colon + 1) } };
}

export interface TaxiiDownload {
  changed: boolean;
  bytes: number;
  inputs: string[];
  /** The new resume point (X-TAXII-Date-Added-Last of the last page), kept in sources.last_modified. */
  lastModified?: string;
}

/** Pulls what was added since `resumeAfter` into one STIX bundle file per page, in constant memory. */
export async function downloadTaxii(
  source: { url: string; last_modified: string | null; name: string },
  folder: string,
  options: { auth?: TaxiiAuth; fetchImpl?: typeof fetch; limit?: number; outbound?: OutboundPolicy } = {},
): Promise<TaxiiDownload> {
  const dir = path.join(folder, 'taxii');
  await mkdir(dir, { recursive: true });
  let bytes = 0;
  let files = 0;
  let last = source.last_modified ?? undefined;
  for await (const page of pullObjects({
    collectionUrl: source.url,
    auth: options.auth ?? taxiiAuthFor(source.name),
    addedAfter: last,
    limit: options.limit,
    fetchImpl: options.fetchImpl ?? guardedFetch(options.outbound),
  })) {
    if (page.objects.length === 0) break;
    files += 1;
    const text = JSON.stringify({ type: 'bundle', id: `bundle--${randomUUID()}`, objects: page.objects });
    bytes += Buffer.byteLength(text);
    await writeFile(path.join(dir, `page-${String(files).padStart(6, '0')}.json`), text);
    last = page.dateAddedLast ?? last;
  }
  return files === 0
    ? { changed: false, bytes: 0, inputs: [] }
    : { changed: true, bytes, inputs: [dir], lastModified: last };
}
