/**
 * The access matrix's probes for demo_dataset_load, the one row of the demo dataset's background
 * load. The stack under test already has that row (npm test loads the demo): it is read first and
 * put back afterwards, so the probes (a service insert needs the key free, a delete removes it)
 * leave the installation as they found it.
 */
import type { HttpResponse } from '../lib/http.js';

type Rest = (
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) => Promise<HttpResponse>;

const TABLE = 'demo_dataset_load';
const KEY = 'id=eq.true';

export function demoDatasetSpecs(rest: Rest, service: Record<string, string>) {
  let original: Record<string, unknown> | undefined;
  const loadedRow = () => ({
    status: 'loaded',
    steps_total: 1,
    steps_done: 1,
    finished_at: new Date().toISOString(),
  });
  const ensureRow = async () => {
    const present = await rest('GET', `${TABLE}?select=id`, service);
    if (Array.isArray(present.json) && present.json.length > 0) return;
    const res = await rest('POST', TABLE, service, loadedRow());
    if (res.status !== 201) throw new Error(`seed ${TABLE}: ${res.status} ${res.text}`);
  };

  async function seed(): Promise<void> {
    const res = await rest('GET', `${TABLE}?select=*`, service);
    original = (res.json as Record<string, unknown>[] | undefined)?.[0];
    await ensureRow();
  }

  async function restore(): Promise<void> {
    await rest('DELETE', `${TABLE}?${KEY}`, service);
    if (original) await rest('POST', TABLE, service, original);
  }

  const specs = {
    [TABLE]: {
      victimFilter: async () => {
        await ensureRow();
        return KEY;
      },
      newRow: loadedRow,
      patch: { updated_at: new Date().toISOString() },
      seedForDelete: async () => {
        await ensureRow();
        return KEY;
      },
      // One row with a fixed key: the service role's insert needs it free.
      clearForInsert: async () => {
        await rest('DELETE', `${TABLE}?${KEY}`, service);
      },
    },
  };
  return { seed, restore, specs };
}
