/**
 * The executive briefing names its sources (issue 36, also found): an actor an analyst wrote by
 * hand is named as an analyst's entry, never as if a source had reported it, and a family says
 * which sources delivered it. Everything planted is removed after.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { rpc } from '../lib/personas.js';
import { plant, remove, rest } from '../lib/rest.js';
import { suite } from './context.js';

const { target, personas, runId } = suite();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface ThreatRow {
  stix_id: string;
  name: string;
  sources: string[];
  by_analyst: boolean;
}

describe('API · briefing sources', () => {
  it('an analyst’s actor is named as an analyst’s entry; a family names the sources that delivered it', async () => {
    const sourceName = `suite-briefing-${runId}`;
    const [source] = await plant<{ id: string }>(target, 'sources', { name: sourceName, kind: 'file' });
    cleanups.push(() => remove(target, `sources?id=eq.${source!.id}`));
    const actor = `threat-actor--${randomUUID()}`;
    const family = `malware--${randomUUID()}`;
    // Written by the analyst (as the authoring path records it), with no source; and a source's family.
    await plant(target, 'intel_objects', {
      stix_id: actor,
      type: 'threat-actor',
      name: `Planted ${runId}`,
      tlp: 'clear',
      created_by: personas.analyst.userId,
    });
    await plant(target, 'intel_objects', {
      stix_id: family,
      type: 'malware',
      name: `Family ${runId}`,
      tlp: 'clear',
      source_ids: [source!.id],
    });
    cleanups.push(() => remove(target, `intel_objects?stix_id=in.(${actor},${family})`));
    const [indicator] = await plant<{ id: number; stix_id: string }>(target, 'indicators', {
      type: 'sha256',
      value: randomBytes(32).toString('hex'),
      tlp: 'clear',
    });
    cleanups.push(() => remove(target, `indicators?id=eq.${indicator!.id}`));
    const links = [actor, family].map((to) => ({
      stix_id: `relationship--${randomUUID()}`,
      relationship_type: 'indicates',
      source_ref: indicator!.stix_id,
      target_ref: to,
      tlp: 'clear',
    }));
    await plant(target, 'relationships', links);
    cleanups.push(() =>
      remove(target, `relationships?stix_id=in.(${links.map((l) => l.stix_id).join(',')})`),
    );
    // Enough alerts on the indicator today to rank among the briefing's top threats on any stack.
    const alerts = await plant<{ id: string }>(
      target,
      'enhanced_security_alerts',
      Array.from({ length: 40 }, (_, i) => ({
        title: `suite briefing ${runId} ${i}`,
        category: 'security-suite',
        indicator_id: indicator!.id,
      })),
    );
    cleanups.push(() =>
      remove(target, `enhanced_security_alerts?id=in.(${alerts.map((a) => a.id).join(',')})`),
    );

    const res = await rpc(target, 'briefing_threats', { _days: 1, _limit: 20 }, personas.analyst.accessToken);
    expect(res.status).toBe(200);
    const rows = res.json as ThreatRow[];
    expect(rows.find((r) => r.stix_id === actor)).toMatchObject({ by_analyst: true, sources: [] });
    expect(rows.find((r) => r.stix_id === family)).toMatchObject({
      by_analyst: false,
      sources: [sourceName],
    });

    // An analyst renames the source's family: the name shown is theirs now, and marked so.
    const rename = await rest(target, `intel_objects?stix_id=eq.${family}`, {
      method: 'PATCH',
      as: personas.analyst.accessToken,
      body: { name: `Renamed ${runId}` },
    });
    expect(rename.status).toBe(204);
    const after = await rpc(
      target,
      'briefing_threats',
      { _days: 1, _limit: 20 },
      personas.analyst.accessToken,
    );
    expect((after.json as ThreatRow[]).find((r) => r.stix_id === family)).toMatchObject({
      name: `Renamed ${runId}`,
      by_analyst: true,
      sources: [sourceName],
    });
  });
});
