/**
 * The local mail catcher as a part of the gateway process, like the web server (src/web): it needs
 * nothing the gateway does not have, and then shares its pid file, supervision, log and clean
 * shutdown. A port that is taken never stops the API: `/__stack/health` reports the part `mail` as
 * unhealthy with the reason. Both listeners bind 127.0.0.1 only.
 */
import http from 'node:http';
import type { ProjectConfig } from '../config/project-config.js';
import type { GatewayContext, ServiceHealth } from '../kernel/context.js';
import { handleMailRequest } from './http-api.js';
import { createSmtpListener } from './smtp-listener.js';
import { MailStore } from './store.js';

export interface MailCatcher {
  health(): Promise<ServiceHealth>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The catcher's web page and API (`MAILPIT_URL`), or undefined when `[local_smtp]` is off. */
export function mailpitUrl(config: ProjectConfig): string | undefined {
  return config.localSmtp.enabled ? `http://127.0.0.1:${config.localSmtp.port}` : undefined;
}

interface Listener {
  once(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
  removeListener(event: 'error', listener: (error: NodeJS.ErrnoException) => void): unknown;
  listen(port: number, host: string, callback: () => void): unknown;
}

function listen(server: Listener, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'EADDRINUSE' ? `port ${port} is already in use by another program` : error.message,
      );
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.removeListener('error', onError);
      resolve(undefined);
    });
  });
}

export function gatewayMail(ctx: GatewayContext): MailCatcher {
  const { config, log } = ctx;
  const smtp = config.localSmtp;
  if (!smtp.enabled) {
    return {
      health: () => Promise.resolve({ healthy: true, detail: 'off ([local_smtp] enabled = false)' }),
      start: () => Promise.resolve(),
      stop: () => Promise.resolve(),
    };
  }
  const store = new MailStore(ctx.paths.mail);
  const web = http.createServer((req, res) => {
    handleMailRequest(req, res, store).catch((error: unknown) => {
      log('error', 'mail catcher request failed', { url: req.url, error: (error as Error).message });
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('internal error');
    });
  });
  const listener = createSmtpListener((message) => {
    store.add(message);
    log('info', 'mail caught', {
      id: message.id,
      to: message.to.map((a) => a.Address),
      subject: message.subject,
    });
  });
  listener.on('error', (error: Error) => log('warn', 'mail catcher SMTP error', { error: error.message }));
  let problem: string | undefined = 'starting';
  let starting: Promise<void> | undefined;
  return {
    async health() {
      await starting;
      return problem
        ? { healthy: false, detail: problem }
        : { healthy: true, detail: `${store.list().length} message(s)` };
    },
    async start() {
      starting = (async () => {
        const loaded = await store.load((file, error) =>
          log('warn', 'mail catcher skipped an unreadable message file', { file, error: error.message }),
        );
        const [webError, smtpError] = await Promise.all([
          listen(web, smtp.port),
          listen(listener, smtp.smtpPort),
        ]);
        problem =
          [webError && `web: ${webError}`, smtpError && `smtp: ${smtpError}`].filter(Boolean).join('; ') ||
          undefined;
        if (problem) log('error', 'mail catcher could not listen', { problem });
        else
          log('info', 'mail catcher listening', {
            url: `http://127.0.0.1:${smtp.port}`,
            smtpPort: smtp.smtpPort,
            kept: loaded,
          });
      })();
      await starting;
    },
    async stop() {
      await Promise.all([
        new Promise<void>((resolve) => web.close(() => resolve())),
        new Promise<void>((resolve) => listener.close(() => resolve())),
      ]);
    },
  };
}
