/** A sensor log's upload and import; new sensors, sightings and volume read again when it lands. */
import { uploadTelemetry } from '@/features/telemetry/api/upload-telemetry';
import { telemetryKeys } from '@/features/telemetry/api/keys';
import { useUploadImport } from '@/lib/storage/use-upload-import';

export const useTelemetryUpload = () => useUploadImport(uploadTelemetry, telemetryKeys.all);
