/**
 * Edge functions reload when their code changes, as `supabase functions serve` does: a folder
 * added while the stack runs becomes a function, and saving its file replaces the process, so the
 * next call runs the new code.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anonClient } from '../helpers/rest.js';
import { stackEnv } from '../helpers/stack-env.js';

const name = `reload-probe-${randomUUID().slice(0, 8)}`;
const folder = path.join(stackEnv().workdir, 'supabase', 'functions', name);

function writeFunction(answer: string): void {
  writeFileSync(
    path.join(folder, 'index.ts'),
    `Deno.serve(() => new Response(JSON.stringify({ answer: ${JSON.stringify(answer)} }), {\n` +
      `  headers: { 'Content-Type': 'application/json' },\n}));\n`,
  );
}

async function answerBecomes(expected: string, timeoutMs = 20_000): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  let last: string | undefined;
  while (Date.now() < deadline) {
    const { data } = await anonClient().functions.invoke(name, { body: {} });
    last = (data as { answer?: string } | null)?.answer;
    if (last === expected) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return last;
}

describe('functions reload', () => {
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('serves a function added while running, and its new code after each save', async () => {
    mkdirSync(folder, { recursive: true });
    writeFunction('first');
    expect(await answerBecomes('first')).toBe('first');
    writeFunction('second');
    expect(await answerBecomes('second')).toBe('second');
  });
});
