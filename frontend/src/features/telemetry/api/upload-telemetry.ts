/**
 * A sensor log from the analyst's computer: the file goes into the private telemetry-uploads bucket
 * under the analyst's own folder (the bucket's policies allow nothing else), then the server queues
 * its import. The importer's worker reads it there; the browser never parses a log.
 */
import { supabase } from '@/lib/supabase';
import type { TelemetryUploadFormat } from '@/features/telemetry/schemas/telemetry-upload';

/** The bucket's own cap (1 GiB); checked here too so a too-large file is refused before it is sent. */
export const MAX_TELEMETRY_UPLOAD_BYTES = 1024 ** 3;

export interface TelemetryUploadRequest {
  file: File;
  format: TelemetryUploadFormat;
  sensor: string;
}

/** Storage object names: the file's own name, without characters storage or a shell would trip on. */
export function uploadFileName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return (cleaned || 'telemetry.log').slice(-120);
}

export function refuseUpload(file: File): string | undefined {
  if (file.size === 0) return 'the file is empty.';
  if (file.size > MAX_TELEMETRY_UPLOAD_BYTES)
    return 'the file is larger than 1 GB. Import it on the platform host with the CLI instead.';
  return undefined;
}

export async function uploadTelemetry({ file, format, sensor }: TelemetryUploadRequest): Promise<number> {
  const refused = refuseUpload(file);
  if (refused) throw new Error(`${file.name} was not sent: ${refused}`);
  const client = supabase();
  const { data: session } = await client.auth.getSession();
  const userId = session.session?.user.id;
  if (!userId) throw new Error('Your session has ended. Sign in again to import telemetry.');
  const object = `${userId}/${crypto.randomUUID()}/${uploadFileName(file.name)}`;
  const uploaded = await client.storage
    .from('telemetry-uploads')
    .upload(object, file, { contentType: 'application/octet-stream', upsert: false });
  if (uploaded.error) throw new Error(`The file could not be uploaded: ${uploaded.error.message}`);
  const { data, error } = await client.rpc('request_telemetry_import', {
    _object_name: object,
    ...(format === 'auto' ? {} : { _format: format }),
    ...(sensor.trim() ? { _sensor: sensor.trim() } : {}),
  });
  if (error) {
    // Nothing will import it: take the file back off the server.
    await client.storage.from('telemetry-uploads').remove([object]);
    throw new Error(error.message);
  }
  return data;
}
