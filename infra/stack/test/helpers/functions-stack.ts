/**
 * Helpers for the edge functions conformance tests: waiting for the function processes (they
 * start in the background after the gateway is up), the stack's health, and a closed port.
 */
import net from 'node:net';
import { stackEnv } from './stack-env.js';

export interface PartHealth {
  healthy: boolean;
  detail?: string;
}

export async function functionsHealth(): Promise<PartHealth> {
  const response = await fetch(`${stackEnv().apiUrl}/__stack/health`);
  const body = (await response.json()) as { parts: Record<string, PartHealth> };
  return body.parts.functions!;
}

/** Resolves once every fixture function's process accepts requests (usable in hooks too). */
export async function waitForFunctions(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = await functionsHealth();
  while (!last.healthy) {
    if (Date.now() > deadline) throw new Error(`functions not up after ${timeoutMs} ms: ${last.detail}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await functionsHealth();
  }
}

/** A port on 127.0.0.1 that nothing listens on (bound once by us, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function functionUrl(path: string): string {
  return `${stackEnv().apiUrl}/functions/v1/${path}`;
}
