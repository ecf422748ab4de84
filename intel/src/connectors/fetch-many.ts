import { fetchFeed, FeedUnavailable, type FetchOptions } from './fetch-feed.js';

export interface Wanted {
  /** What the caller calls it (an event's uuid, a CVE id). */
  key: string;
  url: string;
  destination: string;
}

/**
 * The files a feed lists, a few at a time (a first sync can be a thousand small files). One the
 * server does not have (404, 410) is listed as missing instead of holding the others back; any
 * other failure (network, 5xx after fetchFeed's retries) fails them all, and the next sync starts over.
 */
export async function fetchMany(
  wanted: Wanted[],
  options: Partial<FetchOptions>,
  parallel = 4,
): Promise<{ bytes: number; missing: string[] }> {
  let bytes = 0;
  let next = 0;
  const missing: string[] = [];
  const downloader = async () => {
    while (next < wanted.length) {
      const { key, url, destination } = wanted[next++]!;
      try {
        const fetched = await fetchFeed({ ...options, url, destination });
        if (fetched.changed) bytes += fetched.bytes;
      } catch (error) {
        if (!(error instanceof FeedUnavailable && (error.status === 404 || error.status === 410)))
          throw error;
        missing.push(key);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, wanted.length) }, downloader));
  return { bytes, missing };
}
