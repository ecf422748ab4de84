import type pg from 'pg';
import type { PurgedData } from './retention.js';
import type { StorageAccess } from './upload-import.js';

/**
 * Uploaded files nobody imported (issue 36 item 7): private.expired_uploads() lists those of the
 * upload buckets that no waiting import names and that are older than
 * uploads.unimported_expiry_hours; they are removed through the storage API as the service role,
 * so each row goes with its file (deleting rows in SQL would leave the bytes on disk). Run by the
 * worker's daily purge; 1,000 files a call at most, the rest the next day.
 */
export async function expireUploads(db: pg.Client, storage: StorageAccess): Promise<PurgedData> {
  const { rows: hours } = await db.query<{ hours: number }>(
    `select coalesce((private.setting('uploads.unimported_expiry_hours') #>> '{}')::integer, 24) as hours`,
  );
  const { rows } = await db.query<{ bucket_id: string; name: string }>(
    'select bucket_id, name from private.expired_uploads()',
  );
  const byBucket = new Map<string, string[]>();
  for (const row of rows) byBucket.set(row.bucket_id, [...(byBucket.get(row.bucket_id) ?? []), row.name]);
  let deleted = 0;
  for (const [bucket, names] of byBucket) {
    // storage's bulk remove: DELETE /object/{bucket} with the names as `prefixes`.
    const response = await fetch(`${storage.apiUrl}/storage/v1/object/${encodeURIComponent(bucket)}`, {
      method: 'DELETE',
      headers: {
        authorization: `Bearer ${storage.serviceRoleKey}`,
        apikey: storage.serviceRoleKey,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prefixes: names }),
    });
    if (!response.ok)
      throw new Error(`expired uploads of ${bucket} could not be removed (HTTP ${response.status})`);
    deleted += ((await response.json()) as unknown[]).length;
  }
  return { data: 'unimported uploads', keptDays: hours[0]!.hours / 24, deleted };
}
