/**
 * The web server for the built single-page app (`[stack] web_root`, usually frontend/dist) on its
 * own port. It is where the app's real security controls live: every HTML response gets a fresh
 * CSP nonce stamped into its script tags, and every response carries the security headers
 * (security-headers.ts). Unknown app routes get index.html (the app draws its own 404); missing
 * files get 404; nothing outside the web root is ever read.
 */
import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { ServiceHealth } from '../kernel/context.js';
import type { Logger } from '../kernel/logger.js';
import { contentTypeFor, isCompressible, isHtml } from './content-types.js';
import { chooseEncoding, etagMatches, FileCache } from './file-cache.js';
import {
  compileHtmlTemplate,
  escapeHtmlAttribute,
  type HtmlTemplate,
  type RuntimeConfig,
} from './html-template.js';
import { hasFileExtension, parseRequestPath } from './request-path.js';
import {
  arrivedOverTls,
  baseSecurityHeaders,
  documentPolicy,
  newNonce,
  RESOURCE_POLICY,
} from './security-headers.js';

export interface WebServerOptions {
  /** Absolute folder of the built app; undefined when none is configured. */
  root: string | undefined;
  /** The folder as configured (shown in messages instead of an absolute path). */
  rootSetting?: string;
  runtime: RuntimeConfig;
  trustedProxies?: readonly string[];
  styleNonce?: boolean;
  log: Logger;
}

export interface WebServer {
  server: http.Server;
  /** Binds to 127.0.0.1:`port`; false (and logged, and reported by health) when it cannot. */
  listen(port: number, host?: string): Promise<boolean>;
  health(): Promise<ServiceHealth>;
  close(): Promise<void>;
}

/** Hashed build output: a changed file gets a new name, so browsers may keep these for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files (favicon, robots.txt): keep, but ask (ETag) before each use. */
const REVALIDATE = 'no-cache';

interface FoundFile {
  file: string;
  size: number;
  mtimeMs: number;
}

async function regularFile(file: string): Promise<FoundFile | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? { file, size: stats.size, mtimeMs: stats.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

export function createWebServer(options: WebServerOptions): WebServer {
  const { runtime, log } = options;
  const trustedProxies = options.trustedProxies ?? [];
  const files = new FileCache();
  const templates = new Map<string, { size: number; mtimeMs: number; template: HtmlTemplate }>();
  let listenError: string | undefined;
  let listening = false;

  /** The web root with symlinks resolved, or undefined when it is not configured or missing. */
  async function liveRoot(): Promise<string | undefined> {
    if (!options.root) return undefined;
    try {
      return await realpath(options.root);
    } catch {
      return undefined;
    }
  }

  /** A regular file at `segments` whose real location (symlinks followed) is inside the root. */
  async function findFile(root: string, segments: string[]): Promise<FoundFile | undefined> {
    if (segments.length === 0) return undefined;
    let real: string;
    try {
      real = await realpath(path.join(root, ...segments));
    } catch {
      return undefined;
    }
    if (!real.startsWith(root.endsWith(path.sep) ? root : root + path.sep)) {
      log('warn', 'web: refused a file outside the web root', { path: '/' + segments.join('/') });
      return undefined;
    }
    return regularFile(real);
  }

  function headersFor(req: http.IncomingMessage, csp: string): Record<string, string> {
    return { ...baseSecurityHeaders(arrivedOverTls(req, trustedProxies)), 'Content-Security-Policy': csp };
  }

  function sendPlain(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    text: string,
    extra: Record<string, string> = {},
  ): void {
    const body = `${text}\n`;
    res.writeHead(status, {
      ...headersFor(req, RESOURCE_POLICY),
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
      ...extra,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function sendDocument(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    html: string,
    nonce: string,
  ): void {
    res.writeHead(status, {
      ...headersFor(
        req,
        documentPolicy({ nonce, apiUrl: runtime.supabaseUrl, styleNonce: options.styleNonce }),
      ),
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(html)),
      // The page holds a one-time nonce and this installation's settings: never reuse a copy.
      'Cache-Control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : html);
  }

  async function sendHtml(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    found: FoundFile,
  ): Promise<void> {
    let cached = templates.get(found.file);
    if (!cached || cached.size !== found.size || cached.mtimeMs !== found.mtimeMs) {
      const template = compileHtmlTemplate(await readFile(found.file, 'utf8'), runtime);
      cached = { size: found.size, mtimeMs: found.mtimeMs, template };
      templates.set(found.file, cached);
    }
    const nonce = newNonce();
    sendDocument(req, res, 200, cached.template.render(nonce), nonce);
  }

  function sendNotBuilt(req: http.IncomingMessage, res: http.ServerResponse): void {
    const nonce = newNonce();
    const setting = options.rootSetting ? escapeHtmlAttribute(options.rootSetting) : undefined;
    const why = setting
      ? `<p>This stack serves the built app from <code>${setting}</code> (<code>[stack] web_root</code> in supabase/config.toml), and there is no <code>index.html</code> there yet.</p>
<p>Build it with <code>npm run build</code> in the project folder, or start everything with <code>npm start</code>, which builds the app when needed. Then reload this page.</p>`
      : `<p>No folder for the built app is configured. Add <code>web_root = "frontend/dist"</code> under <code>[stack]</code> in supabase/config.toml, build the app with <code>npm run build</code>, and restart the stack.</p>`;
    const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>The app is not built</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:42rem;margin:4rem auto;padding:0 1rem;line-height:1.5}code{background:#8882;padding:0 .25rem;border-radius:.2rem}</style>
</head>
<body>
<h1>The app is not built</h1>
${why}
<p>The API is running at <code>${escapeHtmlAttribute(runtime.supabaseUrl)}</code>.</p>
</body>
</html>
`;
    sendDocument(req, res, 503, html, nonce);
  }

  async function sendStatic(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    found: FoundFile,
    cacheControl: string,
  ): Promise<void> {
    const compressible = isCompressible(found.file);
    const headers: Record<string, string> = {
      ...headersFor(req, RESOURCE_POLICY),
      'Content-Type': contentTypeFor(found.file),
      'Cache-Control': cacheControl,
      ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    };
    const entry = await files.get(found.file, found);
    if (!entry) {
      // Too large to keep in memory: streamed as is, with an ETag from size and time.
      const etag = `W/"${found.size.toString(16)}-${Math.floor(found.mtimeMs).toString(16)}"`;
      if (etagMatches(req.headers['if-none-match'], etag)) {
        res.writeHead(304, { ...headers, ETag: etag });
        return void res.end();
      }
      res.writeHead(200, { ...headers, ETag: etag, 'Content-Length': String(found.size) });
      if (req.method === 'HEAD') return void res.end();
      createReadStream(found.file)
        .on('error', () => res.destroy())
        .pipe(res);
      return;
    }
    if (etagMatches(req.headers['if-none-match'], entry.etag)) {
      res.writeHead(304, { ...headers, ETag: entry.etag });
      return void res.end();
    }
    const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined;
    const encoded = encoding ? await files.encoded(found.file, entry, encoding) : undefined;
    const body = encoded ?? entry.body;
    res.writeHead(200, {
      ...headers,
      ...(encoded && encoding ? { 'Content-Encoding': encoding } : {}),
      ETag: encoded && encoding ? entry.etag.replace(/"$/, `-${encoding}"`) : entry.etag,
      'Content-Length': String(body.length),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendPlain(req, res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
    }
    const parsed = parseRequestPath(req.url);
    if (!parsed.ok) {
      if (parsed.status === 400) log('warn', 'web: refused a request path', { reason: parsed.reason });
      return sendPlain(req, res, parsed.status, parsed.status === 400 ? 'Bad request' : 'Not found');
    }
    const root = await liveRoot();
    const index = root ? await regularFile(path.join(root, 'index.html')) : undefined;
    if (!root || !index) return sendNotBuilt(req, res);
    const found = await findFile(root, parsed.segments);
    if (!found) {
      if (hasFileExtension(parsed.segments)) return sendPlain(req, res, 404, 'Not found');
      return sendHtml(req, res, index);
    }
    if (isHtml(found.file)) return sendHtml(req, res, found);
    return sendStatic(req, res, found, parsed.segments[0] === 'assets' ? IMMUTABLE : REVALIDATE);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log('error', 'web: request failed', { url: req.url, error: (error as Error).stack ?? String(error) });
      if (res.headersSent) return void res.destroy();
      sendPlain(req, res, 500, 'Internal server error');
    });
  });
  server.keepAliveTimeout = 65_000;

  return {
    server,
    listen(port, host = '127.0.0.1') {
      return new Promise<boolean>((resolve) => {
        const onError = (error: NodeJS.ErrnoException) => {
          listenError =
            error.code === 'EADDRINUSE'
              ? `port ${port} is in use by another program (change [stack] web_port)`
              : error.message;
          log('error', 'web server could not listen', { port, error: listenError });
          resolve(false);
        };
        server.once('error', onError);
        server.listen(port, host, () => {
          server.off('error', onError);
          server.on('error', (error) => log('error', 'web server error', { error: error.message }));
          listening = true;
          listenError = undefined;
          resolve(true);
        });
      });
    },
    async health() {
      if (listenError) return { healthy: false, detail: listenError };
      if (!listening) return { healthy: false, detail: 'not listening' };
      const root = await liveRoot();
      if (!options.root) return { healthy: false, detail: 'no [stack] web_root configured' };
      if (!root || !(await regularFile(path.join(root, 'index.html')))) {
        return {
          healthy: false,
          detail: `app not built: ${options.rootSetting ?? options.root}/index.html is missing (npm run build)`,
        };
      }
      return { healthy: true };
    },
    close() {
      return new Promise<void>((resolve) => {
        if (!listening) return resolve();
        listening = false;
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}
