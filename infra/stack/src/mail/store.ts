/**
 * The catcher's messages: in memory, newest first, bounded by count and total size (the oldest
 * go first), and written as `<created ms>-<id>.eml` files in the stack's state folder so a gateway
 * restart (the supervisor restarting it, `stack up` after a config change) keeps a recovery link
 * that was just mailed. The files are the raw messages, so reading them back loses nothing but
 * the read flags. `stack down --purge` deletes them with the rest of the state.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseMessage, type CaughtMessage } from './message.js';

export const MAX_MESSAGES = 1000;
export const MAX_TOTAL_BYTES = 100 * 1024 * 1024;

const FILE = /^(\d{13})-([A-Za-z0-9_-]{22})\.eml$/;

export interface StoreLimits {
  maxMessages: number;
  maxTotalBytes: number;
}

export class MailStore {
  /** Newest first. */
  private messages: CaughtMessage[] = [];
  private totalBytes = 0;

  constructor(
    /** Undefined: memory only (unit tests). */
    private readonly dir: string | undefined,
    private readonly limits: StoreLimits = { maxMessages: MAX_MESSAGES, maxTotalBytes: MAX_TOTAL_BYTES },
  ) {}

  /** Reads back what an earlier run kept; a file that cannot be read is skipped, not fatal. */
  async load(onSkip: (file: string, error: Error) => void = () => undefined): Promise<number> {
    if (!this.dir) return 0;
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const files = readdirSync(this.dir)
      .filter((f) => FILE.test(f))
      .sort();
    for (const file of files) {
      const [, ms, id] = FILE.exec(file)!;
      try {
        const raw = readFileSync(path.join(this.dir, file));
        const message = await parseMessage(raw, { recipients: [], mailFrom: '' }, id, new Date(Number(ms)));
        message.read = true;
        this.insert(message);
      } catch (error) {
        onSkip(file, error as Error);
      }
    }
    return this.messages.length;
  }

  private fileOf(message: CaughtMessage): string | undefined {
    return this.dir ? path.join(this.dir, `${message.created.getTime()}-${message.id}.eml`) : undefined;
  }

  private insert(message: CaughtMessage): void {
    this.messages.unshift(message);
    this.totalBytes += message.raw.length;
    while (
      this.messages.length > this.limits.maxMessages ||
      (this.totalBytes > this.limits.maxTotalBytes && this.messages.length > 1)
    ) {
      this.drop(this.messages.pop()!);
    }
  }

  private drop(message: CaughtMessage): void {
    this.totalBytes -= message.raw.length;
    const file = this.fileOf(message);
    if (file) rmSync(file, { force: true });
  }

  add(message: CaughtMessage): void {
    const file = this.fileOf(message);
    if (file) {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      writeFileSync(file, message.raw, { mode: 0o600 });
    }
    this.insert(message);
  }

  list(): readonly CaughtMessage[] {
    return this.messages;
  }

  get(id: string): CaughtMessage | undefined {
    if (id === 'latest') return this.messages[0];
    return this.messages.find((m) => m.id === id);
  }

  /** Deletes the given ids, or everything when none are given; returns how many went. */
  delete(ids?: string[]): number {
    const doomed = ids && ids.length > 0 ? new Set(ids) : undefined;
    const keep: CaughtMessage[] = [];
    let deleted = 0;
    for (const message of this.messages) {
      if (doomed && !doomed.has(message.id)) keep.push(message);
      else {
        this.drop(message);
        deleted += 1;
      }
    }
    this.messages = keep;
    return deleted;
  }

  get unread(): number {
    return this.messages.filter((m) => !m.read).length;
  }
}
