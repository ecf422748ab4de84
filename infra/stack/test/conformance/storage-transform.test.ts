/**
 * Image transformation with the unmodified supabase-js (`transform` options of storage-js):
 * download (/render/image/authenticated) as the owner and refused to a stranger, a signed URL
 * made with `transform` (/render/image/sign: the token's options apply, not the query's), a
 * public URL (/render/image/public); width, height, the three resize modes, quality and format,
 * measured on the returned image with sharp; a file that is not an image is refused in words.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceClient, signedInUser, testBucket } from '../helpers/storage-fixtures.js';
import { stackEnv } from '../helpers/stack-env.js';

const service = serviceClient();
let privateBucket: string;
let publicBucket: string;

/** A 400x200 JPEG: red left half, blue right half. */
async function photo(): Promise<Buffer> {
  const half = (r: number, b: number) =>
    sharp({ create: { width: 200, height: 200, channels: 3, background: { r, g: 0, b } } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { input: await half(255, 0), left: 0, top: 0 },
      { input: await half(0, 255), left: 200, top: 0 },
    ])
    .jpeg()
    .toBuffer();
}

async function size(blob: Blob): Promise<{ width?: number; height?: number; format?: string }> {
  return sharp(Buffer.from(await blob.arrayBuffer())).metadata();
}

beforeAll(async () => {
  privateBucket = await testBucket('render-private');
  publicBucket = await testBucket('render-public', { public: true });
  const jpeg = await photo();
  for (const bucket of [privateBucket, publicBucket]) {
    const { error } = await service.storage
      .from(bucket)
      .upload('pics/photo.jpg', jpeg, { contentType: 'image/jpeg' });
    if (error) throw error;
  }
  await service.storage
    .from(privateBucket)
    .upload('notes.txt', 'not an image', { contentType: 'image/jpeg' });
});

describe('storage image transformation', () => {
  it('downloads a transformed image for a caller allowed to read it (cover by default)', async () => {
    const { data, error } = await service.storage
      .from(privateBucket)
      .download('pics/photo.jpg', { transform: { width: 100, height: 100 } });
    expect(error).toBeNull();
    expect(data!.type).toBe('image/jpeg');
    expect(await size(data!)).toMatchObject({ width: 100, height: 100, format: 'jpeg' });
  });

  it('resizes by mode: contain keeps the aspect inside the box, fill stretches to it', async () => {
    const contain = await service.storage
      .from(privateBucket)
      .download('pics/photo.jpg', { transform: { width: 100, height: 100, resize: 'contain' } });
    expect(await size(contain.data!)).toMatchObject({ width: 100, height: 50 });
    const fill = await service.storage
      .from(privateBucket)
      .download('pics/photo.jpg', { transform: { width: 100, height: 100, resize: 'fill' } });
    expect(await size(fill.data!)).toMatchObject({ width: 100, height: 100 });
    // Never enlarged past the source by cover/contain (imgproxy's default).
    const big = await service.storage
      .from(privateBucket)
      .download('pics/photo.jpg', { transform: { width: 1600, resize: 'contain' } });
    expect(await size(big.data!)).toMatchObject({ width: 400, height: 200 });
  });

  it('encodes webp on request and lowers the size with quality', async () => {
    const webp = await service.storage
      .from(privateBucket)
      .download('pics/photo.jpg', { transform: { width: 200, format: 'webp' } as never });
    expect(webp.data!.type).toBe('image/webp');
    const low = await service.storage
      .from(privateBucket)
      .download('pics/photo.jpg', { transform: { quality: 20 } });
    const high = await service.storage
      .from(privateBucket)
      .download('pics/photo.jpg', { transform: { quality: 100 } });
    expect(low.data!.size).toBeLessThan(high.data!.size);
  });

  it('refuses a stranger as a download would', async () => {
    const stranger = await signedInUser();
    const { data, error } = await stranger.client.storage
      .from(privateBucket)
      .download('pics/photo.jpg', { transform: { width: 50 } });
    expect(data).toBeNull();
    expect(error).not.toBeNull();
  });

  it('signs a transformed URL: the token carries the options, X-Transformations reports them', async () => {
    const { data, error } = await service.storage
      .from(privateBucket)
      .createSignedUrl('pics/photo.jpg', 60, { transform: { width: 120, height: 60, quality: 60 } });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/storage/v1/render/image/sign/');
    // Query parameters added to the URL are ignored: only what was signed applies.
    const response = await fetch(`${data!.signedUrl}&width=300`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-transformations')).toBe(
      'height:60,width:120,resizing_type:fill,quality:60',
    );
    expect(response.headers.get('expires')).not.toBeNull();
    expect(await size(await response.blob())).toMatchObject({ width: 120, height: 60 });
    const tampered = await fetch(data!.signedUrl.replace('pics/photo.jpg', 'notes.txt'));
    expect(tampered.status).toBe(400);
  });

  it('renders from a public bucket without credentials, not from a private one', async () => {
    const url = service.storage
      .from(publicBucket)
      .getPublicUrl('pics/photo.jpg', { transform: { width: 40 } });
    expect(url.data.publicUrl).toContain('/render/image/public/');
    const response = await fetch(url.data.publicUrl);
    expect(response.status).toBe(200);
    expect(await size(await response.blob())).toMatchObject({ width: 40, height: 20 });
    const hidden = await fetch(
      `${stackEnv().apiUrl}/storage/v1/render/image/public/${privateBucket}/pics/photo.jpg?width=40`,
    );
    expect(hidden.status).toBe(400);
    expect(await hidden.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });

  it('answers bad options and non-images in words', async () => {
    const headers = {
      authorization: `Bearer ${stackEnv().serviceRoleKey}`,
      apikey: stackEnv().serviceRoleKey,
    };
    const base = `${stackEnv().apiUrl}/storage/v1/render/image/authenticated/${privateBucket}`;
    const badQuality = await fetch(`${base}/pics/photo.jpg?quality=5`, { headers });
    expect(badQuality.status).toBe(400);
    expect(await badQuality.json()).toMatchObject({ message: 'quality must be >= 20' });
    const badResize = await fetch(`${base}/pics/photo.jpg?width=10&resize=squash`, { headers });
    expect(await badResize.json()).toMatchObject({
      message: 'resize must be equal to one of the allowed values: cover, contain, fill',
    });
    const text = await fetch(`${base}/notes.txt?width=10`, { headers });
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({
      message: 'The object is not an image that can be transformed',
    });
  });
});
