/**
 * Secure storage (SPEC §5, §9): sessionStorage under the `kg_secure_` prefix. It refuses keys that name
 * secrets and masks personal data in values. Hygiene, not security: any script on the origin can read Web
 * Storage (reference/security.md §1.1), so secrets simply must not be stored client-side. The session
 * tokens are supabase-js's business, not this wrapper's.
 */
import { SECURE_STORAGE } from '@/config/constants';
import { createLogger } from './logger';
import { maskSensitiveValue } from './sensitive-data-mask';

/** Key names that are never stored, matched in any case and ignoring `_`, `-` and camelCase. */
export const REFUSED_KEY_WORDS = [
  'password',
  'secret',
  'private_key',
  'jwt',
  'session_token',
  'api_key',
  'auth_token',
  'credential',
  'ssn',
  'social_security',
] as const;

const log = createLogger('secure-storage');

function compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function isRefusedKey(key: string): boolean {
  const name = compact(key);
  return REFUSED_KEY_WORDS.some((word) => name.includes(compact(word)));
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const fullKey = (key: string) => `${SECURE_STORAGE.prefix}${key}`;

export const secureStorage = {
  /** Stores a masked copy of `value`; false when the key is refused or storage is unusable. */
  set(key: string, value: unknown): boolean {
    if (isRefusedKey(key)) {
      log.warn('Secure storage refused a key that names a secret', { name: key });
      return false;
    }
    try {
      const store = storage();
      if (!store) return false;
      store.setItem(fullKey(key), JSON.stringify(maskSensitiveValue(value)));
      return true;
    } catch (error) {
      log.warn('Secure storage could not store a value', {
        reason: error instanceof Error ? error.name : 'unknown',
      });
      return false;
    }
  },

  get<T = unknown>(key: string): T | null {
    try {
      const raw = storage()?.getItem(fullKey(key));
      return raw == null ? null : (JSON.parse(raw) as T);
    } catch {
      return null;
    }
  },

  remove(key: string): void {
    try {
      storage()?.removeItem(fullKey(key));
    } catch {
      // Nothing stored when storage is unusable.
    }
  },

  /** Removes only this wrapper's keys; other sessionStorage entries stay. */
  clear(): void {
    const store = storage();
    if (!store) return;
    try {
      const ours: string[] = [];
      for (let i = 0; i < store.length; i += 1) {
        const name = store.key(i);
        if (name?.startsWith(SECURE_STORAGE.prefix)) ours.push(name);
      }
      ours.forEach((name) => store.removeItem(name));
    } catch {
      // Storage became unusable; nothing more to clear.
    }
  },

  keys(): string[] {
    const store = storage();
    if (!store) return [];
    const names: string[] = [];
    for (let i = 0; i < store.length; i += 1) {
      const name = store.key(i);
      if (name?.startsWith(SECURE_STORAGE.prefix)) names.push(name.slice(SECURE_STORAGE.prefix.length));
    }
    return names;
  },
};
