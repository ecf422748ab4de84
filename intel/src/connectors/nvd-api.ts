import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { fetchFeed, FeedUnavailable, type FetchOptions } from './fetch-feed.js';

/**
 * The NVD CVE API 2.0 (https://nvd.nist.gov/developers/vulnerabilities), asked only for what
 * changed: `lastModStartDate`/`lastModEndDate` from the source's high-water mark
 * (`sources.sync_cursor`) to now, in windows of at most 120 consecutive days (the API's limit),
 * each paged with `startIndex`/`resultsPerPage` until `totalResults`. The NVD's rate limits (5
 * requests in a rolling 30 s without a key, 50 with one, https://nvd.nist.gov/developers/start-here)
 * are kept by spacing the requests; a 403, 429 or 503 is retried with back-off (Retry-After
 * honoured) by fetchFeed. The key, when there is one, is the worker's NVD_API_KEY environment
 * variable, sent as the `apiKey` header: it is never stored where anyone could read it back.
 * A first sync (no high-water mark) starts 120 days back; older records come from the CVE list.
 */
export interface NvdFetch {
  changed: true;
  /** Pages with at least one CVE, in nvdPagesFolder(folder). */
  pages: number;
  cves: number;
  /** The end of the last window asked: the next high-water mark. */
  cursor: string;
  bytes: number;
}

export const NVD_MAX_WINDOW_MS = 120 * 24 * 3600_000;
export const NVD_PAGE_SIZE = 2000;
const SPACING_WITHOUT_KEY_MS = 6_000;
const SPACING_WITH_KEY_MS = 600;

export function isNvdCveApiUrl(url: string): boolean {
  return new URL(url).pathname.replace(/\/+$/, '').endsWith('/rest/json/cves/2.0');
}

export const nvdPagesFolder = (folder: string): string => path.join(folder, 'pages');

/** The API's extended ISO-8601 with an explicit UTC offset. */
const nvdDate = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00');

/** totalResults and resultsPerPage, which the API writes before the vulnerabilities. */
async function pageHeader(file: string, url: string): Promise<{ total: number; perPage: number }> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(65536), 0, 65536, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8');
    if (!head.trimStart().startsWith('{'))
      throw new FeedUnavailable(
        `${url} did not answer JSON (it starts with ${JSON.stringify(head.trimStart().slice(0, 20))}); an NVD CVE API page was expected`,
      );
    const total = /"totalResults"\s*:\s*(\d+)/.exec(head);
    const perPage = /"resultsPerPage"\s*:\s*(\d+)/.exec(head);
    if (!total || !perPage)
      throw new FeedUnavailable(
        `${url} is not an NVD CVE API page: it has no totalResults and resultsPerPage`,
      );
    return { total: Number(total[1]), perPage: Number(perPage[1]) };
  } finally {
    await handle.close();
  }
}

export async function fetchNvdChanges(
  source: { url: string; sync_cursor: string | null },
  folder: string,
  options: Partial<FetchOptions> & { apiKey?: string; now?: number },
): Promise<NvdFetch> {
  const now = options.now ?? Date.now();
  const since = source.sync_cursor ? Date.parse(source.sync_cursor) : now - NVD_MAX_WINDOW_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const spacing = options.apiKey ? SPACING_WITH_KEY_MS : SPACING_WITHOUT_KEY_MS;
  const pagesFolder = nvdPagesFolder(folder);
  await mkdir(pagesFolder);
  const result: NvdFetch = { changed: true, pages: 0, cves: 0, cursor: nvdDate(now), bytes: 0 };
  let requests = 0;
  for (let start = Math.min(since, now); start < now; start += NVD_MAX_WINDOW_MS) {
    const end = Math.min(start + NVD_MAX_WINDOW_MS, now);
    for (let startIndex = 0; ;) {
      const url = new URL(source.url);
      url.searchParams.set('lastModStartDate', nvdDate(start));
      url.searchParams.set('lastModEndDate', nvdDate(end));
      url.searchParams.set('startIndex', String(startIndex));
      url.searchParams.set('resultsPerPage', String(NVD_PAGE_SIZE));
      if (requests++ > 0) await sleep(spacing);
      const file = path.join(pagesFolder, `page-${String(requests).padStart(5, '0')}.json`);
      const page = await fetchFeed({
        ...options,
        url: url.href,
        destination: file,
        etag: null,
        lastModified: null,
        headers: options.apiKey ? { apiKey: options.apiKey } : undefined,
        retryStatuses: [403],
      });
      if (!page.changed)
        throw new FeedUnavailable(`${url.href} answered 304 to a request that was not conditional`);
      result.bytes += page.bytes;
      const { total, perPage } = await pageHeader(file, url.href);
      if (total > startIndex && perPage > 0) {
        result.pages += 1;
        result.cves += Math.min(perPage, total - startIndex);
      }
      startIndex += perPage;
      if (perPage === 0 || startIndex >= total) break;
    }
  }
  return result;
}
