/**
 * No existence oracle through TAXII writes (issue 36 §2): an analyst posting an object whose STIX id
 * exists only as a hidden TLP:RED object gets the same status resource as for a new id, and the
 * hidden object is left as it was. The analyst's object becomes their own, under an id the database
 * gives. Everything planted is removed after.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { apiHeaders, httpRequest } from '../lib/http.js';
import { plant, remove, rows } from '../lib/rest.js';
import { suite } from './context.js';

const { target, personas, runId } = suite();
const analyst = personas.analyst;
const TAXII = 'application/taxii+json;version=2.1';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function writableCollection(): Promise<string> {
  const [collection] = await plant<{ id: string }>(target, 'taxii_collections', {
    title: `Suite writable ${runId}`,
    can_read: true,
    can_write: true,
  });
  cleanups.push(() => remove(target, `taxii_collections?id=eq.${collection!.id}`));
  return collection!.id;
}

function malware(id: string, name: string) {
  return {
    type: 'malware',
    spec_version: '2.1',
    id,
    created: '2026-01-01T00:00:00.000Z',
    modified: '2026-01-01T00:00:00.000Z',
    name,
    is_family: true,
    object_marking_refs: ['marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb'],
  };
}

async function post(collection: string, object: object) {
  const res = await httpRequest(
    `${target.apiUrl}/functions/v1/taxii/cti/collections/${collection}/objects/`,
    {
      method: 'POST',
      headers: apiHeaders(target.anonKey, analyst.accessToken, { Accept: TAXII, 'Content-Type': TAXII }),
      body: JSON.stringify({ objects: [object] }),
    },
  );
  const status = res.json as { status: string; success_count: number; failure_count: number };
  return { code: res.status, status: status.status, counts: [status.success_count, status.failure_count] };
}

describe('API · TAXII writes give away no hidden id (issue 36)', () => {
  it('posting a hidden TLP:RED object’s id answers as a new id, and leaves the hidden object alone', async () => {
    const collection = await writableCollection();
    const hiddenId = `malware--${randomUUID()}`;
    await plant(target, 'intel_objects', {
      stix_id: hiddenId,
      type: 'malware',
      name: `Hidden ${runId}`,
      tlp: 'red',
      stix: {},
    });
    cleanups.push(() => remove(target, `intel_objects?stix_id=eq.${hiddenId}`));
    cleanups.push(() => remove(target, `intel_objects?name=like.Posted*${runId}`));

    const onHidden = await post(collection, malware(hiddenId, `Posted hidden ${runId}`));
    const onNew = await post(collection, malware(`malware--${randomUUID()}`, `Posted new ${runId}`));
    expect(onHidden).toEqual(onNew);
    expect(onNew).toEqual({ code: 202, status: 'complete', counts: [1, 0] });

    const [hidden] = await rows<{ name: string; created_by: string | null }>(
      target,
      `intel_objects?stix_id=eq.${hiddenId}&select=name,created_by`,
    );
    expect(hidden).toEqual({ name: `Hidden ${runId}`, created_by: null });
    const mine = await rows<{ stix_id: string }>(
      target,
      `intel_objects?name=like.Posted*${runId}&created_by=eq.${analyst.userId}&select=stix_id`,
    );
    expect(mine).toHaveLength(2);
    expect(mine.map((m) => m.stix_id)).not.toContain(hiddenId);
  });
});
