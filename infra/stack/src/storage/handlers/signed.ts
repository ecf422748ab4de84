/**
 * Signed URLs: creating them (the caller must be allowed to read, or to upload, the object) and
 * serving them (no other auth: the token is the permission).
 */
import { sendJson } from '../../kernel/http.js';
import { asCaller, asService, callerOf, jsonBody, ownerOf, type StorageCall } from '../call.js';
import { errors } from '../errors.js';
import {
  DEFAULT_UPLOAD_EXPIRY_SECONDS,
  expiresInSeconds,
  signDownloadToken,
  signUploadToken,
  verifyDownloadToken,
  verifyUploadToken,
} from '../signed-token.js';
import { parseTransform, transformationSegments } from '../image-transform.js';
import { lit, textArray } from '../sql.js';
import { readAsCaller, sendObject, type StoredObject } from './object-read.js';
import { requireBucket, sendUploaded, storeUpload, writeObjectSql } from './object-write.js';

const NO_ACCESS = 'Either the object does not exist or you do not have access to it';

/**
 * POST /object/sign/{bucket}/{name} `{expiresIn, transform?}` -> `{signedURL}`; with transformation
 * options the URL is a /render/image/sign one whose token carries them (storage-api's signObjectUrl).
 */
export async function createSignedUrl(call: StorageCall, bucket: string, name: string): Promise<void> {
  const body = await jsonBody(call);
  const expiresIn = expiresInSeconds(body.expiresIn);
  const transform =
    body.transform !== null && typeof body.transform === 'object' && !Array.isArray(body.transform)
      ? transformationSegments(parseTransform(body.transform as Record<string, unknown>), true).join(',')
      : '';
  const caller = await callerOf(call);
  await readAsCaller(call, caller, bucket, name, 'storage.object.sign', 'o.id');
  const token = await signDownloadToken(
    `${bucket}/${name}`,
    expiresIn,
    call.ctx.secrets.jwtSecret,
    transform,
  );
  const path = transform ? 'render/image' : 'object';
  sendJson(call.res, 200, { signedURL: `/${path}/sign/${bucket}/${name}?token=${token}` });
}

/** POST /object/sign/{bucket} `{expiresIn, paths}` -> `[{path, signedURL, error}]` */
export async function createSignedUrls(call: StorageCall, bucket: string): Promise<void> {
  const body = await jsonBody(call);
  const expiresIn = expiresInSeconds(body.expiresIn);
  const paths = body.paths;
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string'))
    throw errors.missingParameter('paths');
  const caller = await callerOf(call);
  const [result] = await asCaller(
    call,
    caller,
    'storage.object.sign_many',
    [
      `select name from storage.objects where bucket_id = ${lit(bucket)} and name = any(${textArray(paths as string[])})`,
    ],
    { readOnly: true },
  );
  const visible = new Set(result!.rows.map((row: { name: string }) => row.name));
  const out = [];
  for (const path of paths as string[]) {
    if (!visible.has(path)) {
      out.push({ path, signedURL: null, error: NO_ACCESS });
      continue;
    }
    const token = await signDownloadToken(`${bucket}/${path}`, expiresIn, call.ctx.secrets.jwtSecret);
    out.push({ path, signedURL: `/object/sign/${bucket}/${path}?token=${token}`, error: null });
  }
  sendJson(call.res, 200, out);
}

/** GET|HEAD /object/sign/{bucket}/{name}?token= */
export async function downloadSigned(call: StorageCall, bucket: string, name: string): Promise<void> {
  await verifyDownloadToken(call.query.get('token'), `${bucket}/${name}`, call.ctx.secrets.jwtSecret);
  const [result] = await asService(
    call,
    'storage.object.get_signed',
    [
      `select version, metadata, updated_at from storage.objects
        where bucket_id = ${lit(bucket)} and name = ${lit(name)}`,
    ],
    { readOnly: true },
  );
  const row = result!.rows[0] as StoredObject | undefined;
  if (!row) throw errors.noSuchKey();
  await sendObject(call, row, { headOnly: call.method === 'HEAD', download: call.query.get('download') });
}

/** POST /object/upload/sign/{bucket}/{name} (x-upsert) -> `{url, token}` */
export async function createSignedUploadUrl(call: StorageCall, bucket: string, name: string): Promise<void> {
  const found = await requireBucket(call, bucket);
  const caller = await callerOf(call);
  const { owner, ownerId } = ownerOf(caller);
  const upsert = call.req.headers['x-upsert'] === 'true';
  // The signer must be allowed to write this object now; the token carries that permission.
  await asCaller(
    call,
    caller,
    'storage.object.upload_sign',
    writeObjectSql(
      { bucket: found, name, upsert, owner, ownerId, run: async () => [] },
      { version: call.store.newVersion(), metadata: null, userMetadata: null },
    ),
    { rollback: true },
  );
  const token = await signUploadToken(
    { url: `${bucket}/${name}`, upsert, ...(ownerId ? { owner: ownerId } : {}) },
    DEFAULT_UPLOAD_EXPIRY_SECONDS,
    call.ctx.secrets.jwtSecret,
  );
  sendJson(call.res, 200, { url: `/object/upload/sign/${bucket}/${name}?token=${token}`, token });
}

/** PUT /object/upload/sign/{bucket}/{name}?token= : the upload runs as storage, owned by the signer. */
export async function uploadSigned(call: StorageCall, bucket: string, name: string): Promise<void> {
  const claims = await verifyUploadToken(
    call.query.get('token'),
    `${bucket}/${name}`,
    call.ctx.secrets.jwtSecret,
  );
  const found = await requireBucket(call, bucket);
  const owner = claims.owner && /^[0-9a-f-]{36}$/i.test(claims.owner) ? claims.owner : null;
  const id = await storeUpload(call, {
    bucket: found,
    name,
    upsert: claims.upsert,
    owner,
    ownerId: claims.owner ?? null,
    run: (statements, options) => asService(call, 'storage.object.upload_signed', statements, options),
  });
  sendUploaded(call, id, bucket, name);
}
