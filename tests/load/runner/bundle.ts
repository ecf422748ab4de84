/**
 * Loads a k6 script as-is: esbuild bundles the script with its own imports (TypeScript included)
 * and points the k6 modules, and the jslib summary helper, at the runner's shims.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const SHIMS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'shims');

export const SHIM_FILES: Record<string, string> = {
  k6: 'k6.ts',
  'k6/http': 'http.ts',
  'k6/metrics': 'metrics.ts',
  'k6/data': 'data.ts',
  'k6/timers': 'timers.ts',
  'k6/execution': 'execution.ts',
  'k6/websockets': 'websockets.ts',
  'k6/experimental/websockets': 'websockets.ts',
};

const SUMMARY_JSLIB = /^https:\/\/jslib\.k6\.io\/k6-summary\//;

export function shimFor(specifier: string): string | undefined {
  if (SUMMARY_JSLIB.test(specifier)) return path.join(SHIMS, 'k6-summary.ts');
  const file = SHIM_FILES[specifier];
  if (file) return path.join(SHIMS, file);
  if (specifier === 'k6' || specifier.startsWith('k6/') || specifier.startsWith('https://'))
    throw new Error(`The Node runner has no shim for '${specifier}'`);
  return undefined;
}

const k6Modules: Plugin = {
  name: 'k6-modules',
  setup(on) {
    on.onResolve({ filter: /^(k6(\/.*)?|https:\/\/.*)$/ }, (args) => {
      const shim = shimFor(args.path);
      return shim ? { path: pathToFileURL(shim).href, external: true } : undefined;
    });
  },
};

/** Bundles `script` into `outDir` and imports it; answers the module's exports. */
export async function loadScript(script: string, outDir: string): Promise<Record<string, unknown>> {
  const result = await build({
    entryPoints: [script],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    plugins: [k6Modules],
    logLevel: 'silent',
  });
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `${path.basename(script).replace(/\.[jt]s$/, '')}.bundle.mjs`);
  writeFileSync(file, result.outputFiles[0]!.text);
  return (await import(`${pathToFileURL(file).href}?t=${Date.now()}`)) as Record<string, unknown>;
}
