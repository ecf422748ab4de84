/**
 * JavaScript a browser downloads, gzip-compressed as served: what the public site loads, and what
 * each platform page adds beyond the shared vendor chunks (react, chakra, supabase, state).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

const VENDOR = /^(react|chakra|supabase|state|rolldown-runtime)-/;

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
