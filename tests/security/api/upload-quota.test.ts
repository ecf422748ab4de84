/**
 * Telemetry uploads cannot fill the disk (issue 36 item 7): a per-person quota (a setting an
 * administrator with MFA changes, audited) refuses an upload that would pass it before its bytes
 * are stored, with the reason; the object is not there afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest } from '../lib/http.js';
import { rpc } from '../lib/personas.js';
import { suite } from './context.js';

const { target, personas, runId } = suite();
const analyst = personas.analyst;
const admin = personas.admin_mfa;
const SETTING = 'uploads.telemetry_quota_per_user_mib';
const objectPath = (name: string) =>
  `${target.apiUrl}/storage/v1/object/telemetry-uploads/${analyst.userId}/${runId}-${name}`;
const headers = {
  apikey: target.anonKey,
  Authorization: `Bearer ${analyst.accessToken}`,
  'Content-Type': 'application/json',
};
let previous: unknown;

async function setQuota(value: unknown): Promise<void> {
  const res = await rpc(target, 'update_setting', { _key: SETTING, _value: value }, admin.accessToken);
  expect(res.status, res.text).toBe(200);
}

beforeAll(async () => {
  const current = await httpRequest(`${target.apiUrl}/rest/v1/settings?select=value&key=eq.${SETTING}`, {
    headers: { apikey: target.serviceRoleKey, Authorization: `Bearer ${target.serviceRoleKey}` },
  });
  previous = (current.json as { value: unknown }[])[0]?.value;
  await setQuota(1);
});

afterAll(async () => {
  for (const name of ['first.json', 'second.json'])
    await httpRequest(objectPath(name), { method: 'DELETE', headers });
  if (previous !== undefined) await setQuota(previous);
});

describe('Uploads · quotas (issue 36)', () => {
  it('an upload past the per-person quota is refused with the reason, and nothing is stored (item 7)', async () => {
    const first = await httpRequest(objectPath('first.json'), {
      method: 'POST',
      headers,
      body: `"${'a'.repeat(600 * 1024)}"`,
    });
    expect(first.status, first.text).toBe(200);
    const second = await httpRequest(objectPath('second.json'), {
      method: 'POST',
      headers,
      body: `"${'b'.repeat(600 * 1024)}"`,
    });
    // Storage's convention: HTTP 400, the real status in the body.
    expect(second.json).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect((second.json as { message: string }).message).toMatch(
      /^Your telemetry files waiting on the server may hold 1 MiB in all and hold 1 MiB now/,
    );
    const info = await httpRequest(
      `${target.apiUrl}/storage/v1/object/info/telemetry-uploads/${analyst.userId}/${runId}-second.json`,
      { headers },
    );
    expect(info.status).not.toBe(200);
  });

  it('an analyst asks about their own quota only', async () => {
    const own = await rpc(
      target,
      'storage_upload_allowance',
      { _bucket_id: 'telemetry-uploads', _name: `${analyst.userId}/next.json` },
      analyst.accessToken,
    );
    expect(own.status).toBe(200);
    const other = await rpc(
      target,
      'storage_upload_allowance',
      { _bucket_id: 'telemetry-uploads', _name: `${admin.userId}/next.json` },
      analyst.accessToken,
    );
    expect(other.status).toBe(403);
  });
});
