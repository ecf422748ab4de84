/**
 * Issue 36, "outbound requests": an MFA administrator could point a source URL (or a webhook) at
 * internal addresses, the cloud metadata service included. Where the URL is set, a link-local or
 * metadata address in any spelling, or a metadata host name, is now refused in plain words, unless
 * an administrator allowed that address (audited). intel applies the same rules at connect time to
 * what names resolve to (intel/src/outbound, unit-tested with rebinding and redirects).
 */
import { describe, expect, it } from 'vitest';
import { apiHeaders, httpRequest } from '../lib/http.js';
import { rpc } from '../lib/personas.js';
import { recordFinding } from '../reporting/parts.js';
import { suite } from './context.js';

const { target, personas, runId } = suite();

const rest = (method: string, path: string, key: string, bearer?: string, body?: unknown) =>
  httpRequest(`${target.apiUrl}/rest/v1/${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: apiHeaders(key, bearer, { 'Content-Type': 'application/json', Prefer: 'return=representation' }),
  });

describe('API · outbound address rules (issue 36)', () => {
  it('a source or webhook cannot be pointed at a link-local or cloud metadata address, in any spelling', async () => {
    const admin = personas.admin_mfa.accessToken;
    const channel = (url: string) =>
      rpc(
        target,
        'create_notification_channel',
        { _name: `suite ${runId} ${url}`, _kind: 'webhook', _target: url },
        admin,
      );
    const created: string[] = [];
    try {
      for (const url of [
        'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
        'http://2852039166/',
        'http://[::ffff:169.254.169.254]/',
        'http://[fd00:ec2::254]/latest/',
        'http://metadata.google.internal/computeMetadata/v1/',
      ]) {
        const res = await channel(url);
        if (res.status === 200) created.push(String((res.json as { id: string }[])[0]?.id));
        if (res.status === 200 && url.startsWith('http://169.254.169.254'))
          recordFinding('api', {
            id: 'outbound-metadata-address',
            severity: 'medium',
            title: 'Outbound URLs may name the cloud metadata service',
            detail: `An administrator's webhook channel was created for ${url}: the worker would POST to the metadata service.`,
            where:
              'public.notification_channels, public.sources (URL columns), intel/src/notifications/send.ts',
            fix: 'Refuse link-local and metadata addresses where the URL is set and again when connecting.',
          });
        expect(res.status, `${url}: ${res.text}`).toBe(400);
        expect(String((res.json as { message?: string }).message)).toMatch(
          /^This URL is refused: .*(link-local|metadata|unusual form).*An administrator can allow the address/,
        );
      }
      const source = await rest('POST', 'sources', target.serviceRoleKey, undefined, {
        name: `suite ${runId} metadata source`,
        kind: 'feed',
        format: 'stix',
        url: 'http://0251.0376.0251.0376/latest/',
      });
      expect(source.status, source.text).toBe(400);
      // A private address stays allowed by default: on-prem chat and SIEMs live there.
      const onPrem = await channel('http://10.20.30.40:8080/hooks/cti');
      expect(onPrem.status, onPrem.text).toBe(200);
      created.push(String((onPrem.json as { id: string }[])[0]?.id));
    } finally {
      for (const id of created)
        await rest('DELETE', `notification_channels?id=eq.${id}`, target.serviceRoleKey);
    }
  });

  it('only an administrator with MFA can allow such an address, and then it is accepted', async () => {
    const address = '169.254.77.0/24';
    const row = { address, reason: `security-suite ${runId} lab appliance` };
    const asAnalyst = await rest(
      'POST',
      'outbound_allowed_addresses',
      target.anonKey,
      personas.analyst.accessToken,
      row,
    );
    expect([401, 403]).toContain(asAnalyst.status);
    const allowed = await rest(
      'POST',
      'outbound_allowed_addresses',
      target.anonKey,
      personas.admin_mfa.accessToken,
      row,
    );
    expect(allowed.status, allowed.text).toBe(201);
    try {
      const res = await rpc(
        target,
        'create_notification_channel',
        { _name: `suite ${runId} allowed`, _kind: 'webhook', _target: 'http://169.254.77.9/hook' },
        personas.admin_mfa.accessToken,
      );
      expect(res.status, res.text).toBe(200);
      await rest(
        'DELETE',
        `notification_channels?id=eq.${(res.json as { id: string }[])[0]?.id}`,
        target.serviceRoleKey,
      );
    } finally {
      await rest(
        'DELETE',
        `outbound_allowed_addresses?address=eq.${encodeURIComponent(address)}`,
        target.serviceRoleKey,
      );
    }
  });
});
