/**
 * A file handed to the server for import: it goes into the caller's own folder of a private bucket
 * (the bucket's policies allow nothing else), then an RPC queues the import for the importer's worker,
 * which reads it there. The browser never parses what it sends. A refused request takes the file
 * back off the server.
 */
import { formatBytes } from '@/lib/format/format';
import { supabase } from '@/lib/supabase';

export interface UploadForImport {
  bucket: string;
  file: File;
  /** The bucket's own cap; checked here too so a too-large file is refused before it is sent. */
  maxBytes: number;
  /** Queues the import of the stored object; answers the run id. */
  request: (objectName: string) => PromiseLike<{ data: number | null; error: { message: string } | null }>;
}

/** Storage object names: the file's own name, without characters storage or a shell would trip on. */
export function uploadObjectName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return (cleaned || 'upload.dat').slice(-120);
}

/** Why a file cannot be sent, in words, or undefined. */
export function refuseUpload(file: File, maxBytes: number): string | undefined {
  if (file.size === 0) return 'the file is empty.';
  if (file.size > maxBytes)
    return `the file is larger than ${formatBytes(maxBytes)}. Import it on the platform host with the CLI instead.`;
  return undefined;
}

export async function uploadForImport({ bucket, file, maxBytes, request }: UploadForImport): Promise<number> {
  const refused = refuseUpload(file, maxBytes);
  if (refused) throw new Error(`${file.name} was not sent: ${refused}`);
  const client = supabase();
  const { data: session } = await client.auth.getSession();
  const userId = session.session?.user.id;
  if (!userId) throw new Error('Your session has ended. Sign in again to import files.');
  const object = `${userId}/${crypto.randomUUID()}/${uploadObjectName(file.name)}`;
  const uploaded = await client.storage
    .from(bucket)
    .upload(object, file, { contentType: 'application/octet-stream', upsert: false });
  if (uploaded.error) throw new Error(`The file could not be uploaded: ${uploaded.error.message}`);
  const { data, error } = await request(object);
  if (error || data === null) {
    // Nothing will import it: take the file back off the server.
    await client.storage.from(bucket).remove([object]);
    throw new Error(error?.message ?? 'The server did not queue the import.');
  }
  return data;
}
