/**
 * Helpers for the storage conformance tests: throw-away buckets (created and removed with the
 * service-role key), raw requests for what supabase-js never sends (un-normalised paths, forged
 * tokens), and a look at the stack's object folder to prove what was or was not written.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll } from 'vitest';
import { loadProjectConfig } from '../../src/config/project-config.js';
import { statePaths } from '../../src/config/state.js';
import { serviceClient } from './clients.js';
import { stackEnv } from './stack-env.js';

export { anonClient, serviceClient } from './clients.js';
export { signedInUser, type SignedInUser } from './rest.js';

export function uniqueBucketName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export interface BucketOptions {
  public?: boolean;
  fileSizeLimit?: number | string | null;
  allowedMimeTypes?: string[] | null;
}

const createdBuckets: string[] = [];

// Registered when a test file imports this module (hooks added from inside other hooks or tests
// never run), so every bucket a file made is emptied and deleted after it.
afterAll(async () => {
  const service = serviceClient();
  for (const name of createdBuckets.splice(0)) {
    await service.storage.emptyBucket(name);
    await service.storage.deleteBucket(name);
  }
});

/** A new bucket named `<prefix>-<random>`, emptied and deleted after the test file. */
export async function testBucket(prefix: string, options: BucketOptions = {}): Promise<string> {
  const name = uniqueBucketName(prefix);
  const { error } = await serviceClient().storage.createBucket(name, { public: false, ...options });
  if (error) throw error;
  createdBuckets.push(name);
  return name;
}

/** The stack's object folder (bytes of every stored object, and upload temp files). */
export function storageFolder(): string {
  return statePaths(loadProjectConfig(stackEnv().workdir)).storage;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full)));
    else out.push(full);
  }
  return out;
}

/** Files under the object folder whose bytes contain `marker` (unique per test, so parallel-safe). */
export async function filesContaining(marker: string): Promise<string[]> {
  const hits: string[] = [];
  for (const file of await filesUnder(storageFolder())) {
    const bytes = await readFile(file).catch(() => undefined);
    if (bytes?.includes(marker)) hits.push(file);
  }
  return hits;
}

/** Files anywhere in the state folder (the database cluster aside) whose name contains `text`. */
export async function stateFilesNamed(text: string): Promise<string[]> {
  const root = path.dirname(storageFolder());
  const found: string[] = [];
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (entry.name === 'pgdata') continue;
    const full = path.join(root, entry.name);
    const files = entry.isDirectory() ? await filesUnder(full) : [full];
    found.push(...files.filter((f) => path.basename(f).includes(text)));
  }
  return found;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  text: string;
}

/**
 * A request with the path sent byte for byte (fetch would resolve "..", so traversal attempts are
 * sent with node:http).
 */
export function rawRequest(
  method: string,
  rawPath: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawResponse> {
  const url = new URL(stackEnv().apiUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: rawPath, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Headers of a service-role request, for raw requests. */
export function serviceHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const key = stackEnv().serviceRoleKey;
  return { apikey: key, authorization: `Bearer ${key}`, ...extra };
}

/** Text of a downloaded object, or the error storage-js returned. */
export async function downloadText(client: SupabaseClient, bucket: string, name: string): Promise<string> {
  const { data, error } = await client.storage.from(bucket).download(name);
  if (error) throw error;
  return data.text();
}
