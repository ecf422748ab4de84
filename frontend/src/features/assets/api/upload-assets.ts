/**
 * An asset inventory CSV from the analyst's computer, imported on the server by intel's asset
 * importer, the one `npm run intel -- import FILE --format assets` runs (see lib/storage/upload-for-import).
 */
import { supabase } from '@/lib/supabase';
import { refuseUpload, uploadForImport } from '@/lib/storage/upload-for-import';

/** The asset-uploads bucket's cap (5 MiB); larger inventories go through the CLI. */
export const MAX_ASSET_UPLOAD_BYTES = 5 * 1024 ** 2;

export const refuseAssetUpload = (file: File) => refuseUpload(file, MAX_ASSET_UPLOAD_BYTES);

export function uploadAssets({ file }: { file: File }): Promise<number> {
  return uploadForImport({
    bucket: 'asset-uploads',
    file,
    maxBytes: MAX_ASSET_UPLOAD_BYTES,
    request: (object) => supabase().rpc('request_asset_import', { _object_name: object }),
  });
}
