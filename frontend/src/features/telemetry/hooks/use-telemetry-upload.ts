/** Upload → queued run → its outcome, as one state the upload panel renders. */
import { useMutation } from '@tanstack/react-query';
import { uploadTelemetry } from '@/features/telemetry/api/upload-telemetry';
import { useImportRun, type ImportRunRow } from '@/features/telemetry/api/get-import-run';

export type UploadStage =
  | { stage: 'idle' }
  | { stage: 'uploading'; fileName: string }
  | { stage: 'refused'; message: string }
  | { stage: 'waiting'; run: ImportRunRow | undefined }
  | { stage: 'importing'; run: ImportRunRow }
  | { stage: 'finished'; run: ImportRunRow };

export function useTelemetryUpload() {
  // A refusal is final; sending a 1 GB file twice because of a flaky answer is not.
  const upload = useMutation({ mutationFn: uploadTelemetry, retry: false });
  const run = useImportRun(upload.data);
  const stage: UploadStage = upload.isPending
    ? { stage: 'uploading', fileName: upload.variables.file.name }
    : upload.isError
      ? { stage: 'refused', message: upload.error.message }
      : run.data?.status === 'succeeded' || run.data?.status === 'failed'
        ? { stage: 'finished', run: run.data }
        : run.data?.status === 'running'
          ? { stage: 'importing', run: run.data }
          : upload.isSuccess
            ? { stage: 'waiting', run: run.data }
            : { stage: 'idle' };
  return { stage, start: upload.mutate, reset: upload.reset, runError: run.error };
}
