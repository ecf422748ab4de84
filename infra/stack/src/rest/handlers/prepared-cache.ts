/**
 * Prepared reads and function calls by request shape. The SQL of a GET depends only on the URL, a
 * few headers and the schema cache (the role and claims go in the prologue), and an RPC POST's only
 * on those and its argument names, so repeated shapes skip parsing, planning and SQL building.
 * Cleared whenever the schema cache is replaced; bounded in size.
 */
import type { SchemaCache } from '../schema-cache/types.js';

const MAX_ENTRIES = 1000;

export class PreparedCache<T> {
  private entries = new Map<string, T>();
  private forCache: SchemaCache | undefined;

  get(cache: SchemaCache, key: string): T | undefined {
    if (cache !== this.forCache) {
      this.entries.clear();
      this.forCache = cache;
      return undefined;
    }
    return this.entries.get(key);
  }

  set(cache: SchemaCache, key: string, value: T): void {
    if (cache !== this.forCache) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }
}
