import { describe, expect, it, vi } from 'vitest';

const client = { auth: {} };
const create = vi.fn(() => client);
vi.mock('./supabase', () => ({ supabase: create }));

const { backend, storedSessionExists, whenBackendLoaded } = await import('./backend');

describe('the backend client on demand', () => {
  it('notifies waiters when something loads the client, not before', async () => {
    const notified = vi.fn();
    const cancelled = vi.fn();
    whenBackendLoaded(notified);
    whenBackendLoaded(cancelled)();
    await Promise.resolve();
    expect(create).not.toHaveBeenCalled();
    expect(notified).not.toHaveBeenCalled();
    await expect(backend()).resolves.toBe(client);
    expect(notified).toHaveBeenCalledWith(client);
    expect(cancelled).not.toHaveBeenCalled();
    // Created once, however often it is asked for.
    await backend();
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('calls a late waiter as soon as the client exists', async () => {
    await backend();
    const late = vi.fn();
    whenBackendLoaded(late);
    await vi.waitFor(() => expect(late).toHaveBeenCalledWith(client));
  });

  it('recognises the session supabase-js stores, and nothing else', () => {
    const storage = new Map<string, string>();
    const fake = {
      get length() {
        return storage.size;
      },
      key: (i: number) => [...storage.keys()][i] ?? null,
    } as Storage;
    storage.set('theme', 'dark');
    expect(storedSessionExists(fake)).toBe(false);
    storage.set('sb-127-auth-token', '{"access_token":"x"}');
    expect(storedSessionExists(fake)).toBe(true);
  });

  it('assumes a session may exist when storage cannot be read', () => {
    const blocked = {
      get length(): number {
        throw new DOMException('denied', 'SecurityError');
      },
    } as Storage;
    expect(storedSessionExists(blocked)).toBe(true);
  });
});
