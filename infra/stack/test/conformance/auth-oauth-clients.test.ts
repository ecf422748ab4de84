/**
 * OAuth 2.1 server client administration with the unmodified supabase-js (`auth.admin.oauth`):
 * create (a confidential client's secret shown once, GoTrue's defaults), get without the secret,
 * partial update, list, secret regeneration (the old one no longer the stored hash), soft delete;
 * GoTrue's validation words for redirect URIs, grant types and client types; only the service
 * role may administer, and the database holds a hash, never the secret.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonAuthClient, authClient, authFetch } from '../helpers/auth-clients.js';
import { authAdminPool } from '../helpers/auth-db.js';
import { stackEnv } from '../helpers/stack-env.js';

const db = authAdminPool();
const admin = () => authClient(stackEnv().serviceRoleKey).auth.admin.oauth;

describe('auth OAuth server clients', () => {
  it('creates a confidential client with defaults, shows the secret once and stores only its hash', async () => {
    const { data, error } = await admin().createClient({
      client_name: 'Reporting portal',
      redirect_uris: ['https://portal.example.org/callback', 'http://localhost:3000/cb'],
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      registration_type: 'manual',
      redirect_uris: ['https://portal.example.org/callback', 'http://localhost:3000/cb'],
    });
    expect(data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await db.query<{ client_secret_hash: string }>(
      'select client_secret_hash from auth.oauth_clients where id = $1',
      [data!.client_id],
    );
    expect(rows[0]!.client_secret_hash).toBe(
      createHash('sha256').update(data!.client_secret!).digest('base64url'),
    );

    const fetched = await admin().getClient(data!.client_id);
    expect(fetched.data).toMatchObject({ client_id: data!.client_id, client_name: 'Reporting portal' });
    expect(fetched.data).not.toHaveProperty('client_secret');
  });

  it('makes a public client without a secret, and refuses to regenerate one for it', async () => {
    const { data } = await admin().createClient({
      client_name: 'SPA',
      redirect_uris: ['https://spa.example.org/'],
      token_endpoint_auth_method: 'none',
    } as never);
    expect(data).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(data).not.toHaveProperty('client_secret');
    const regen = await admin().regenerateClientSecret(data!.client_id);
    expect(regen.error).toMatchObject({ status: 400, message: 'Cannot regenerate secret for public client' });
  });

  it('updates only the fields given, lists, regenerates the secret and deletes', async () => {
    const created = (
      await admin().createClient({ client_name: 'Old', redirect_uris: ['https://a.example/cb'] })
    ).data!;
    const updated = await admin().updateClient(created.client_id, { logo_uri: 'https://a.example/logo.png' });
    expect(updated.data).toMatchObject({ client_name: 'Old', logo_uri: 'https://a.example/logo.png' });
    const listed = await admin().listClients();
    expect(listed.data.clients.map((c) => c.client_id)).toContain(created.client_id);
    const regen = await admin().regenerateClientSecret(created.client_id);
    expect(regen.data!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regen.data!.client_secret).not.toBe(created.client_secret);
    expect((await admin().deleteClient(created.client_id)).error).toBeNull();
    const gone = await admin().getClient(created.client_id);
    expect(gone.error).toMatchObject({ status: 404, code: 'oauth_client_not_found' });
    expect((await admin().listClients()).data.clients.map((c) => c.client_id)).not.toContain(
      created.client_id,
    );
  });

  it("answers GoTrue's validation errors", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ redirect_uris: [] }, 'redirect_uris is required'],
      [
        { redirect_uris: ['http://example.org/cb'] },
        "invalid redirect_uri 'http://example.org/cb': HTTP scheme only allowed for localhost",
      ],
      [
        { redirect_uris: ['https://a.example/cb#x'] },
        "invalid redirect_uri 'https://a.example/cb#x': fragment not allowed in redirect URI",
      ],
      [
        { redirect_uris: ['javascript://a.example/x'] },
        "invalid redirect_uri 'javascript://a.example/x': scheme 'javascript' is not allowed for security reasons",
      ],
      [
        { redirect_uris: ['https://a.example/cb'], grant_types: ['password'] },
        "grant_types must only contain 'authorization_code' and/or 'refresh_token'",
      ],
      [
        {
          redirect_uris: ['https://a.example/cb'],
          client_type: 'public',
          token_endpoint_auth_method: 'client_secret_post',
        },
        "client_type 'public' is inconsistent with token_endpoint_auth_method 'client_secret_post' (expected client_type 'confidential')",
      ],
    ];
    for (const [params, message] of cases) {
      const { data, error } = await admin().createClient(params as never);
      expect(data).toBeNull();
      expect(error).toMatchObject({ status: 400, code: 'validation_failed', message });
    }
    const created = (
      await admin().createClient({ client_name: 'V', redirect_uris: ['https://a.example/cb'] })
    ).data!;
    const empty = await admin().updateClient(created.client_id, {});
    expect(empty.error).toMatchObject({ status: 400, message: 'No fields provided for update' });
    const badId = await admin().getClient('not-a-uuid');
    expect(badId.error).toMatchObject({ status: 400, message: 'invalid client_id format' });
  });

  it('is for the service role only', async () => {
    const anon = await authFetch('/admin/oauth/clients');
    expect(anon.status).toBe(403);
    const user = anonAuthClient();
    const { data } = await user.auth.signInAnonymously();
    const asUser = await authFetch('/admin/oauth/clients', {
      headers: { authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(asUser.status).toBe(403);
    expect(JSON.stringify(asUser.body)).not.toContain('client_secret');
  });
});
