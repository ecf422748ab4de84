/**
 * JavaScript a browser downloads, gzip-compressed as served: what the public site loads, and what
 * each platform page adds beyond the shared vendor chunks (react, chakra, supabase, state).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

const VENDOR = /^(react|supabase|rolldown-runtime)-/;

export function gzipKb(dist: string, url: string): number {
  const file = path.join(dist, new URL(url).pathname);
  return gzipSync(readFileSync(file), { level: 9 }).length / 1024;
}

export interface BundleFigure {
  label: string;
  kb: number;
  files: string[];
}

/** The scripts a page load or a navigation fetches, by file name. */
export function collectScripts(page: Page): { take: () => string[] } {
  let seen: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.url().includes('/assets/'))
      seen.push(response.url());
  });
  return {
    take: () => {
      const taken = [...new Set(seen)];
      seen = [];
      return taken;
    },
  };
}

export function sizeOf(dist: string, label: string, urls: string[], ownOnly = false): BundleFigure {
  const files = urls.filter((url) => !ownOnly || !VENDOR.test(path.basename(new URL(url).pathname)));
  return {
    label,
    kb: files.reduce((sum, url) => sum + gzipKb(dist, url), 0),
    files: files.map((url) => path.basename(new URL(url).pathname)),
  };
}

/** Chunks a built chunk imports statically, itself included (`from"./x.js"`, `import"./x.js"`). */
function staticClosure(assets: string, start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(path.join(assets, file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(match[1]!);
  }
  return seen;
}

const chunkNamed = (files: string[], name: string) => {
  const file = files.find((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));
  if (!file) throw new Error(`no chunk named ${name} in the build`);
  return file;
};

/**
 * What a platform page's route chunk brings beyond what every signed-in page already has (the entry
 * and the shell, with their imports): read from the build's import graph, so pages the shell
 * preloads in the background do not blur the figure.
 */
export function pageOwnChunks(dist: string, label: string, routeChunk: string): BundleFigure {
  const assets = path.join(dist, 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const shared = new Set([
    ...staticClosure(assets, chunkNamed(files, 'index')),
    ...staticClosure(assets, chunkNamed(files, 'platform-shell')),
  ]);
  const own = [...staticClosure(assets, chunkNamed(files, routeChunk))].filter(
    (f) => !shared.has(f) && !VENDOR.test(f),
  );
  return {
    label,
    kb: own.reduce(
      (sum, f) => sum + gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length / 1024,
      0,
    ),
    files: own,
  };
}
