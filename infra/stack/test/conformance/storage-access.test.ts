/**
 * Who may do what: policies on storage.objects evaluated as the caller (the fixture lets users
 * write only under a folder named after their id in "owned-" buckets), anon, broken tokens,
 * signed URLs (download and upload) and public URLs.
 */
import { SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  downloadText,
  filesContaining,
  serviceClient,
  signedInUser,
  testBucket,
  type SignedInUser,
} from '../helpers/storage-fixtures.js';
import { client } from '../helpers/clients.js';
import { stackEnv } from '../helpers/stack-env.js';

const service = serviceClient();
let owned: string;
let publicBucket: string;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  owned = await testBucket('owned');
  publicBucket = await testBucket('pub', { public: true });
  [alice, bob] = await Promise.all([signedInUser(), signedInUser()]);
});

describe('policies, as the caller', () => {
  it('lets a user upload, read and list in their own folder', async () => {
    const files = alice.client.storage.from(owned);
    const { data, error } = await files.upload(`${alice.userId}/note.txt`, 'mine');
    expect(error).toBeNull();
    expect(data!.fullPath).toBe(`${owned}/${alice.userId}/note.txt`);
    expect(await downloadText(alice.client, owned, `${alice.userId}/note.txt`)).toBe('mine');
    expect((await files.list(alice.userId)).data!.map((f) => f.name)).toEqual(['note.txt']);
    const info = await service.storage.from(owned).info(`${alice.userId}/note.txt`);
    expect(info.error).toBeNull();
  });

  it('denies an upload outside the own folder with statusCode "403", and writes nothing', async () => {
    const marker = `denied-${randomUUID()}`;
    const { data, error } = await alice.client.storage
      .from(owned)
      .upload(`${bob.userId}/intrusion.txt`, marker);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, statusCode: '403' });
    expect(error!.message).toMatch(/row-level security/);
    expect(await filesContaining(marker)).toEqual([]);
    expect((await service.storage.from(owned).exists(`${bob.userId}/intrusion.txt`)).data).toBe(false);
  });

  it("hides other users' objects: download is NoSuchKey, list is empty, remove removes nothing", async () => {
    await bob.client.storage.from(owned).upload(`${bob.userId}/secret.txt`, 'bob only');
    const download = await alice.client.storage.from(owned).download(`${bob.userId}/secret.txt`);
    expect(download.error).toMatchObject({ statusCode: '404' });
    expect((await alice.client.storage.from(owned).list(bob.userId)).data).toEqual([]);
    expect((await alice.client.storage.from(owned).remove([`${bob.userId}/secret.txt`])).data).toEqual([]);
    expect(await downloadText(bob.client, owned, `${bob.userId}/secret.txt`)).toBe('bob only');
  });

  it('lets a user replace and remove their own objects, and move them within their folder', async () => {
    const files = bob.client.storage.from(owned);
    await files.upload(`${bob.userId}/r.txt`, 'v1');
    expect((await files.upload(`${bob.userId}/r.txt`, 'v2', { upsert: true })).error).toBeNull();
    expect((await files.move(`${bob.userId}/r.txt`, `${bob.userId}/moved.txt`)).error).toBeNull();
    expect((await files.move(`${bob.userId}/moved.txt`, `${alice.userId}/stolen.txt`)).error).toMatchObject({
      statusCode: '403',
    });
    const removed = await files.remove([`${bob.userId}/moved.txt`]);
    expect(removed.data!.map((row) => row.name)).toEqual([`${bob.userId}/moved.txt`]);
  });

  it('denies anon uploads and reads in a private bucket', async () => {
    const anon = anonClient().storage.from(owned);
    expect((await anon.upload(`${randomUUID()}/x.txt`, 'anon')).error).toMatchObject({ statusCode: '403' });
    await alice.client.storage.from(owned).upload(`${alice.userId}/private.txt`, 'private');
    expect((await anon.download(`${alice.userId}/private.txt`)).error).toMatchObject({ statusCode: '404' });
  });

  it('lets users see only the buckets a policy allows; bucket writes need the service role', async () => {
    const { data } = await alice.client.storage.listBuckets();
    const ids = data!.map((b) => b.id);
    expect(ids).toContain(owned);
    expect(ids).not.toContain(publicBucket);
    expect(
      (await alice.client.storage.createBucket(`owned-${randomUUID().slice(0, 8)}`)).error,
    ).toMatchObject({
      statusCode: '403',
    });
    expect((await anonClient().storage.listBuckets()).data).toEqual([]);
  });

  it('refuses a forged or expired user token with statusCode "403"', async () => {
    const forged = client(stackEnv().anonKey, { accessToken: `${alice.accessToken.slice(0, -4)}AAAA` });
    expect((await forged.storage.from(owned).list(alice.userId)).error).toMatchObject({
      status: 400,
      statusCode: '403',
    });
    const expired = await new SignJWT({ sub: alice.userId, role: 'authenticated', aud: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(stackEnv().jwtSecret));
    const stale = client(stackEnv().anonKey, { accessToken: expired });
    expect((await stale.storage.from(owned).list(alice.userId)).error).toMatchObject({ statusCode: '403' });
  });
});

describe('signed URLs', () => {
  let path: string;
  beforeAll(async () => {
    path = `${alice.userId}/signed.txt`;
    const { error } = await alice.client.storage.from(owned).upload(path, 'signed content');
    if (error) throw error;
  });

  it('createSignedUrl gives a URL that works with a plain fetch, no auth', async () => {
    const { data, error } = await alice.client.storage.from(owned).createSignedUrl(path, 60);
    expect(error).toBeNull();
    const response = await fetch(data!.signedUrl);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('signed content');
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    expect(claims.url).toBe(`${owned}/${path}`);
    expect(claims.exp - claims.iat).toBe(60);
  });

  it('download=name makes it an attachment', async () => {
    const { data } = await alice.client.storage
      .from(owned)
      .createSignedUrl(path, 60, { download: 'report.txt' });
    const response = await fetch(data!.signedUrl);
    expect(response.headers.get('content-disposition')).toContain('filename=report.txt');
  });

  it('refuses a tampered token, a token for another object, and an expired token', async () => {
    const { data } = await alice.client.storage.from(owned).createSignedUrl(path, 1);
    const url = new URL(data!.signedUrl);
    const token = url.searchParams.get('token')!;
    const tampered = new URL(url);
    tampered.searchParams.set('token', `${token.slice(0, -3)}xyz`);
    const bad = await fetch(tampered);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT' });

    const other = new URL(url.toString().replace('signed.txt', 'other.txt'));
    const wrong = await fetch(other);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature' });

    await new Promise((resolve) => setTimeout(resolve, 2100));
    const late = await fetch(url);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({
      statusCode: '400',
      code: 'InvalidJWT',
      message: 'jwt expired',
    });
  });

  it('cannot sign what the caller cannot read', async () => {
    const { error } = await bob.client.storage.from(owned).createSignedUrl(path, 60);
    expect(error).toMatchObject({ statusCode: '404' });
  });

  it('createSignedUrls signs the visible paths and reports the others', async () => {
    const { data, error } = await alice.client.storage
      .from(owned)
      .createSignedUrls([path, `${alice.userId}/none.txt`], 60);
    expect(error).toBeNull();
    expect(data![0]!.error).toBeNull();
    expect(await (await fetch(data![0]!.signedUrl!)).text()).toBe('signed content');
    expect(data![1]).toMatchObject({ signedUrl: null, path: `${alice.userId}/none.txt` });
    expect(data![1]!.error).toBe('Either the object does not exist or you do not have access to it');
  });

  it('signed upload URLs let anyone holding the token upload exactly that object', async () => {
    const target = `${alice.userId}/via-token.txt`;
    const signed = await alice.client.storage.from(owned).createSignedUploadUrl(target);
    expect(signed.error).toBeNull();
    const anon = anonClient().storage.from(owned);
    const uploaded = await anon.uploadToSignedUrl(target, signed.data!.token, 'uploaded by token');
    expect(uploaded.error).toBeNull();
    expect(uploaded.data!.fullPath).toBe(`${owned}/${target}`);
    expect(await downloadText(alice.client, owned, target)).toBe('uploaded by token');
    const reuse = await anon.uploadToSignedUrl(`${alice.userId}/elsewhere.txt`, signed.data!.token, 'x');
    expect(reuse.error).toMatchObject({ statusCode: '400' });
    const again = await anon.uploadToSignedUrl(target, signed.data!.token, 'again');
    expect(again.error).toMatchObject({ statusCode: '409' });
    // A download token is not an upload token.
    const download = await alice.client.storage.from(owned).createSignedUrl(target, 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!;
    expect((await anon.uploadToSignedUrl(target, downloadToken, 'x')).error).toMatchObject({
      statusCode: '400',
    });
  });

  it('a user cannot get a signed upload URL outside their folder', async () => {
    const { error } = await alice.client.storage.from(owned).createSignedUploadUrl(`${bob.userId}/x.txt`);
    expect(error).toMatchObject({ statusCode: '403' });
  });
});

describe('public URLs', () => {
  it('serve objects of a public bucket without auth', async () => {
    await service.storage
      .from(publicBucket)
      .upload('img/logo.svg', '<svg/>', { contentType: 'image/svg+xml' });
    const { data } = anonClient().storage.from(publicBucket).getPublicUrl('img/logo.svg');
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(await response.text()).toBe('<svg/>');
    expect((await anonClient().storage.from(publicBucket).exists('img/logo.svg')).data).toBe(true);
  });

  it('refuse objects of a private bucket as "Bucket not found"', async () => {
    await alice.client.storage.from(owned).upload(`${alice.userId}/not-public.txt`, 'hidden');
    const { data } = anonClient().storage.from(owned).getPublicUrl(`${alice.userId}/not-public.txt`);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
  });
});
