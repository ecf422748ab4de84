/**
 * The backend client, loaded on demand. supabase-js is a sixth of the public site's JavaScript, and a
 * visitor who has never signed in needs none of it until they open the sign-in form; platform code,
 * which only signed-in users load, imports `@/lib/supabase` directly.
 */
import type { BackendClient } from './supabase';

export type { BackendClient };

let loading: Promise<BackendClient> | undefined;
const waiting: ((client: BackendClient) => void)[] = [];

export function backend(): Promise<BackendClient> {
  loading ??= import('./supabase').then(
    ({ supabase }) => {
      const client = supabase();
      for (const notify of waiting.splice(0)) notify(client);
      return client;
    },
    (error: unknown) => {
      // A chunk that failed to arrive may arrive on the next attempt.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Calls back once the client exists (at once if it already does), without loading it. */
export function whenBackendLoaded(notify: (client: BackendClient) => void): () => void {
  if (loading) {
    let active = true;
    void loading.then(
      (client) => active && notify(client),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }
  waiting.push(notify);
  return () => {
    const at = waiting.indexOf(notify);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/** True when supabase-js has left a session in this browser (its key is `sb-<project>-auth-token`). */
export function storedSessionExists(storage: Storage = window.localStorage): boolean {
  try {
    for (let i = 0; i < storage.length; i += 1)
      if (/^sb-.+-auth-token$/.test(storage.key(i) ?? '')) return true;
  } catch {
    // Storage blocked (privacy mode): let the client decide.
    return true;
  }
  return false;
}
