/** A file of leak-site posts from the analyst's computer, imported on the server (see lib/storage/upload-for-import). */
import { supabase } from '@/lib/supabase';
import { refuseUpload, uploadForImport } from '@/lib/storage/upload-for-import';

/** The leak-uploads bucket's cap (256 MiB). */
export const MAX_LEAK_UPLOAD_BYTES = 256 * 1024 ** 2;

export const refuseLeakUpload = (file: File) => refuseUpload(file, MAX_LEAK_UPLOAD_BYTES);

export function uploadLeakPosts({ file }: { file: File }): Promise<number> {
  return uploadForImport({
    bucket: 'leak-uploads',
    file,
    maxBytes: MAX_LEAK_UPLOAD_BYTES,
    request: (object) => supabase().rpc('request_leak_import', { _object_name: object }),
  });
}
