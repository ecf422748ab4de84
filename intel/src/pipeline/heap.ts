import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, asked for between batches. V8 sizes its heap by the allocation rate,
 * not by what is alive: a 1M-row import whose live set is one or two batches (it runs in 150 MB
 * of heap under --max-old-space-size=150) peaked at 400 MB resident because V8 let the garbage of
 * parsed rows pile up. A heap limit would do the same but also cap the few inputs that are parsed
 * whole (a MISP event file), so the importer collects at the one moment it waits for Postgres
 * anyway, and only when the heap has grown past a budget (a collection of a full heap costs about
 * 80 ms: after every batch it was 4 s of a 1M re-import, where Node is what Postgres waits for).
 * `--expose-gc` is accepted at run time; the function comes from a fresh context because the
 * global one was created before the flag.
 */
// 96 MB since the offline AS and country tables (about 45 MB resident, issue 30 §1) share the
// importer's 300 MB budget: a 1M ThreatFox import peaked at 313-321 MB with 128 MB here.
const HEAP_BUDGET_BYTES = 96 * 1024 * 1024;
let collect: (() => void) | undefined;

export function collectGarbageIfLarge(): void {
  if (getHeapStatistics().used_heap_size < HEAP_BUDGET_BYTES) return;
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
