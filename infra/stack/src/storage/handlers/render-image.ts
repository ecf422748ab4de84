/**
 * storage-api's image rendering routes (src/http/routes/render): GET
 * /render/image/public/{bucket}/{name} (public buckets, no credentials),
 * /render/image/authenticated/{bucket}/{name} (policies decide, as a download) and
 * /render/image/sign/{bucket}/{name}?token= (a signed URL made with `transform`: the token's
 * transformations apply, the query's do not). The transformation itself is image-transform.ts.
 */
import { callerOf, type StorageCall } from '../call.js';
import { errors } from '../errors.js';
import {
  parseTransform,
  renderImage,
  transformFromSegments,
  type TransformOptions,
} from '../image-transform.js';
import { verifyDownloadToken } from '../signed-token.js';
import { readAsCaller, readAsService, type StoredObject } from './object-read.js';
import { findBucket } from './object-write.js';

async function sendRendered(
  call: StorageCall,
  object: StoredObject,
  options: TransformOptions,
  extra: Record<string, string> = {},
): Promise<void> {
  if (!object.version || (await call.store.sizeOf(object.version)) === undefined) throw errors.noSuchKey();
  const metadata = object.metadata ?? {};
  const image = await renderImage(call.store.pathOf(object.version), options, call.req.headers.accept);
  const download = call.query.get('download');
  const name = download ? encodeURIComponent(download) : '';
  call.res.writeHead(200, {
    'Content-Type': image.contentType,
    'Content-Length': image.body.length,
    'Cache-Control': typeof metadata.cacheControl === 'string' ? metadata.cacheControl : 'no-cache',
    'Last-Modified': object.updated_at.toUTCString(),
    'X-Robots-Tag': 'none',
    ...(image.transformations.length > 0 ? { 'X-Transformations': image.transformations.join(',') } : {}),
    ...(download === null
      ? {}
      : {
          'Content-Disposition':
            download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name}`,
        }),
    ...extra,
  });
  call.res.end(image.body);
}

export async function renderPublicImage(call: StorageCall, bucket: string, name: string): Promise<void> {
  const options = parseTransform(call.query);
  const found = await findBucket(call, bucket);
  if (!found?.public) throw errors.noSuchBucket();
  const row = await readAsService(call, bucket, name, 'storage.render.public');
  await sendRendered(call, row as unknown as StoredObject, options);
}

export async function renderAuthenticatedImage(
  call: StorageCall,
  bucket: string,
  name: string,
): Promise<void> {
  const options = parseTransform(call.query);
  const caller = await callerOf(call);
  const row = await readAsCaller(call, caller, bucket, name, 'storage.render.authenticated');
  await sendRendered(call, row as unknown as StoredObject, options);
}

export async function renderSignedImage(call: StorageCall, bucket: string, name: string): Promise<void> {
  const claims = await verifyDownloadToken(
    call.query.get('token'),
    `${bucket}/${name}`,
    call.ctx.secrets.jwtSecret,
  );
  const row = await readAsService(call, bucket, name, 'storage.render.signed');
  await sendRendered(
    call,
    row as unknown as StoredObject,
    transformFromSegments(claims.transformations ?? ''),
    {
      Expires: new Date(claims.exp * 1000).toUTCString(),
    },
  );
}
