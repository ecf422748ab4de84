/** A sensor log from the analyst's computer, imported on the server (see lib/storage/upload-for-import). */
import { supabase } from '@/lib/supabase';
import { refuseUpload, uploadForImport } from '@/lib/storage/upload-for-import';
import type { TelemetryUploadFormat } from '@/features/telemetry/schemas/telemetry-upload';

/** The telemetry-uploads bucket's cap (1 GiB). */
export const MAX_TELEMETRY_UPLOAD_BYTES = 1024 ** 3;

export interface TelemetryUploadRequest {
  file: File;
  format: TelemetryUploadFormat;
  sensor: string;
  /** When the capture started (ISO 8601, UTC), for Zeek logs whose ts counts seconds from it. */
  baseTime?: string;
}

export const refuseTelemetryUpload = (file: File) => refuseUpload(file, MAX_TELEMETRY_UPLOAD_BYTES);

export function uploadTelemetry({ file, format, sensor, baseTime }: TelemetryUploadRequest): Promise<number> {
  return uploadForImport({
    bucket: 'telemetry-uploads',
    file,
    maxBytes: MAX_TELEMETRY_UPLOAD_BYTES,
    request: (object) =>
      supabase().rpc('request_telemetry_import', {
        _object_name: object,
        ...(format === 'auto' ? {} : { _format: format }),
        ...(sensor.trim() ? { _sensor: sensor.trim() } : {}),
        ...(baseTime ? { _base_time: baseTime } : {}),
      }),
  });
}
