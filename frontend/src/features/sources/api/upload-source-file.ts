/**
 * A file for a source, from the administrator's computer, imported on the server as the CLI would
 * (lib/storage/upload-for-import); the intel-uploads bucket also wants a verified second factor.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { refuseUpload, uploadForImport } from '@/lib/storage/upload-for-import';
import { sourceKeys } from './keys';

/** The bucket's own cap (512 MiB); checked here too so a too-large file is refused before it is sent. */
export const MAX_SOURCE_UPLOAD_BYTES = 512 * 1024 ** 2;

export interface SourceUploadRequest {
  sourceId: string;
  file: File;
  /** Empty: the source's own format. */
  format: string;
}

export const refuseSourceUpload = (file: File) => refuseUpload(file, MAX_SOURCE_UPLOAD_BYTES);

export function uploadSourceFile({ sourceId, file, format }: SourceUploadRequest): Promise<number> {
  return uploadForImport({
    bucket: 'intel-uploads',
    file,
    maxBytes: MAX_SOURCE_UPLOAD_BYTES,
    request: (object) =>
      supabase().rpc('request_file_import', {
        _object_name: object,
        _source_id: sourceId,
        ...(format ? { _format: format } : {}),
      }),
  });
}

export function useUploadSourceFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadSourceFile,
    // Sending a 500 MB file twice because of a flaky answer helps nobody.
    retry: false,
    onSuccess: (_runId, { sourceId }) =>
      queryClient.invalidateQueries({ queryKey: sourceKeys.runs(sourceId) }),
  });
}
