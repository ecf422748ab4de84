/**
 * The runtime around the functions: wall-clock timeout, isolation between functions, streamed
 * bodies, the request body cap, CORS through the gateway, and supervision (a killed function
 * process gives FunctionsRelayError, then is restarted). The fixture sets
 * `[stack] function_timeout_seconds = 3`.
 */
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProjectConfig } from '../../src/config/project-config.js';
import { anonClient } from '../helpers/clients.js';
import { functionUrl, functionsHealth, isAlive, waitForFunctions } from '../helpers/functions-stack.js';
import { stackEnv } from '../helpers/stack-env.js';

const TIMEOUT_SECONDS = 3;

beforeAll(() => waitForFunctions());

describe('timeouts and isolation', () => {
  it('a function that never answers gets 504 after the limit, while another one still answers', async () => {
    const started = Date.now();
    const hanging = anonClient().functions.invoke('hang', { body: {} });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const echoStarted = Date.now();
    const echo = await anonClient().functions.invoke('echo', { body: { during: 'hang' } });
    expect(echo.error).toBeNull();
    expect(Date.now() - echoStarted).toBeLessThan(1500);

    const { error } = await hanging;
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(((error as FunctionsHttpError).context as Response).status).toBe(504);
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 100);
    expect(elapsed).toBeLessThan(TIMEOUT_SECONDS * 1000 + 2000);
  });
});

describe('streaming', () => {
  it('a text/event-stream response reaches the client event by event', async () => {
    const { data, error } = await anonClient().functions.invoke('echo/stream', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toBeInstanceOf(Response);
    const reader = (data as Response).body!.getReader();
    const decoder = new TextDecoder();
    const events: { i: number; sentAt: number; receivedAt: number }[] = [];
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = JSON.parse(line.replace(/^data: /, '')) as { i: number; sentAt: number };
        events.push({ ...event, receivedAt: Date.now() });
      }
    }
    expect(events.map((e) => e.i)).toEqual([1, 2, 3]);
    // The first event was in the client's hands before the function even wrote the last one.
    expect(events[0]!.receivedAt).toBeLessThan(events[2]!.sentAt);
  });

  it('a streamed request body (no Content-Length) reaches the function whole', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(7);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 8) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(functionUrl('echo/count'), {
      method: 'POST',
      body,
      duplex: 'half',
      headers: { 'content-type': 'application/octet-stream' },
    } as RequestInit);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { total: number }).total).toBe(8 * 64 * 1024);
  });
});

describe('request body cap', () => {
  const limit = () => loadProjectConfig(stackEnv().workdir).stack.maxBodyBytes;

  it('a body at the limit passes; one byte more is 413 (FunctionsHttpError)', async () => {
    const atLimit = await anonClient().functions.invoke<{ total: number }>('echo/count', {
      body: 'a'.repeat(limit()),
    });
    expect(atLimit.error).toBeNull();
    expect(atLimit.data?.total).toBe(limit());

    const { error } = await anonClient().functions.invoke('echo/count', { body: 'a'.repeat(limit() + 1) });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(413);
    expect(((await response.json()) as { msg: string }).msg).toContain(String(limit()));
  });

  it('a streamed body that grows past the limit is cut off with 413', async () => {
    const chunk = new Uint8Array(256 * 1024);
    let sent = 0;
    const chunks = Math.ceil(limit() / chunk.length) + 2;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === chunks) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(functionUrl('echo/count'), {
      method: 'POST',
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });
});

describe('HTTP details', () => {
  it('the function sees /<name>/<rest> with the query string and the client address', async () => {
    const response = await fetch(functionUrl('echo/a/b?indicator=evil.example&x=1'), {
      headers: { apikey: stackEnv().anonKey },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      method: 'GET',
      path: '/echo/a/b',
      query: { indicator: 'evil.example', x: '1' },
      forwardedFor: '127.0.0.1',
    });
  });

  it('CORS headers appear once, with the function’s exposed headers merged in', async () => {
    const origin = 'http://analyst.example';
    const response = await fetch(functionUrl('echo/cors'), { headers: { origin } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    const exposed = response.headers.get('access-control-expose-headers')!.split(/,\s*/);
    expect(exposed).toContain('x-relay-error');
    expect(exposed).toContain('x-fixture-header');
    expect(new Set(exposed.map((h) => h.toLowerCase())).size).toBe(exposed.length);
    expect(response.headers.get('x-fixture-header')).toBe('present');
  });

  // On hosted Supabase the preflight reaches the function, which must answer it (the docs' `if
  // (req.method === 'OPTIONS')`); the CLI's Kong answered it itself, so a forgotten OPTIONS handler
  // showed only after deployment. Here the function answers, the allow-list still decides.
  it('a CORS preflight reaches the function without a JWT, which answers it', async () => {
    const preflight = await fetch(functionUrl('echo/anything'), {
      method: 'OPTIONS',
      headers: {
        origin: 'http://analyst.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('x-fixture-options')).toBe('answered by the function');
    // The fixture allows every origin (`*`); an allow-list's refusals are in gateway/cors.test.ts.
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(await preflight.text()).toBe('ok');

    const withoutJwt = await fetch(functionUrl('secure'), {
      method: 'OPTIONS',
      headers: { origin: 'http://analyst.example', 'access-control-request-method': 'POST' },
    });
    expect(withoutJwt.status).toBe(200);
    expect(await withoutJwt.text()).toBe('ok');

    const options = await fetch(functionUrl('secure'), { method: 'OPTIONS' });
    expect(options.status).toBe(200);
    expect(await options.text()).toBe('ok');
  });
  // REST preflights stay with the gateway: gateway.test.ts.
});

describe('supervision', () => {
  const victimPid = async (): Promise<number> => {
    const { data, error } = await anonClient().functions.invoke<{ pid: number }>('victim', { method: 'GET' });
    expect(error).toBeNull();
    return data!.pid;
  };

  it('a killed function process gives FunctionsRelayError, shows in health, and is restarted', async () => {
    const pid = await victimPid();
    process.kill(pid, 'SIGKILL');
    await expect.poll(() => isAlive(pid), { timeout: 5000, interval: 20 }).toBe(false);

    const { data, error } = await anonClient().functions.invoke('victim', { method: 'GET' });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsRelayError);
    const response = (error as FunctionsRelayError).context as Response;
    expect([502, 503]).toContain(response.status);
    const health = await functionsHealth();
    expect(health.healthy).toBe(false);
    expect(health.detail).toContain('victim');

    await expect
      .poll(async () => (await anonClient().functions.invoke('victim', { method: 'GET' })).error, {
        timeout: 15_000,
        interval: 100,
      })
      .toBeNull();
    expect(await victimPid()).not.toBe(pid);
    await waitForFunctions();
  });

  it('a process that dies in the middle of a request answers 5xx, then comes back', async () => {
    const { error } = await anonClient().functions.invoke('victim/exit', { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(((error as FunctionsHttpError).context as Response).status).toBeGreaterThanOrEqual(500);
    await expect
      .poll(async () => (await anonClient().functions.invoke('victim', { method: 'GET' })).error, {
        timeout: 15_000,
        interval: 100,
      })
      .toBeNull();
  });

  it('health lists the functions as up when every process answers', async () => {
    await waitForFunctions();
    const health = await functionsHealth();
    expect(health).toEqual({ healthy: true, detail: '4 up' });
  });
});
