/**
 * Who created an asset (issue 36 §9): set by the database, never rewritten by anyone through the
 * API, and every asset change is in the audit trail that admins with MFA read.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { remove, rest, rows } from '../lib/rest.js';
import { suite } from './context.js';

const { target, personas, runId } = suite();
const analyst = personas.analyst;
const admin = personas.admin_mfa;
const created: string[] = [];
afterAll(async () => {
  for (const id of created) await remove(target, `assets?id=eq.${id}`);
});

async function addAsset(token: string, body: Record<string, unknown>) {
  const res = await rest(target, 'assets?select=id,created_by', {
    method: 'POST',
    as: token,
    body,
    prefer: 'return=representation',
  });
  if (res.status === 201) created.push(...(res.json as { id: string }[]).map((r) => r.id));
  return res;
}

describe('API · asset authorship', () => {
  it('an asset’s created_by is the caller; naming someone else is refused', async () => {
    const own = await addAsset(analyst.accessToken, { hostname: `own-${runId}.suite.test` });
    expect(own.status).toBe(201);
    expect(own.json).toEqual([expect.objectContaining({ created_by: analyst.userId })]);
    const forged = await addAsset(analyst.accessToken, {
      hostname: `forged-${runId}.suite.test`,
      created_by: admin.userId,
    });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
  });

  it('an analyst cannot change an asset’s created_by', async () => {
    const res = await addAsset(admin.accessToken, { hostname: `admins-${runId}.suite.test` });
    expect(res.status).toBe(201);
    const id = (res.json as { id: string }[])[0]!.id;
    const patch = await rest(target, `assets?id=eq.${id}`, {
      method: 'PATCH',
      as: analyst.accessToken,
      body: { created_by: analyst.userId },
    });
    expect(patch.status).toBeGreaterThanOrEqual(400);
    const [row] = await rows<{ created_by: string }>(target, `assets?id=eq.${id}&select=created_by`);
    expect(row!.created_by).toBe(admin.userId);
  });

  it('asset changes are audited: created, changed and deleted, with the actor', async () => {
    const res = await addAsset(analyst.accessToken, { hostname: `audited-${runId}.suite.test` });
    const id = (res.json as { id: string }[])[0]!.id;
    const patch = await rest(target, `assets?id=eq.${id}`, {
      method: 'PATCH',
      as: analyst.accessToken,
      body: { owner: 'Suite owner' },
    });
    expect(patch.status).toBe(204);
    const del = await rest(target, `assets?id=eq.${id}`, { method: 'DELETE', as: analyst.accessToken });
    expect(del.status).toBe(204);
    const trail = await rows<{ action: string; actor_id: string }>(
      target,
      `audit_trail?target_type=eq.asset&target_id=eq.${id}&select=action,actor_id&order=id`,
      admin.accessToken,
    );
    expect(trail.map((t) => t.action)).toEqual(['asset.created', 'asset.changed', 'asset.deleted']);
    expect(new Set(trail.map((t) => t.actor_id))).toEqual(new Set([analyst.userId]));
  });
});
