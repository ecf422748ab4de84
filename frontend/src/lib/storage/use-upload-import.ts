/** Upload → queued run → its outcome, as one state an upload panel renders. */
import { useMutation, type QueryKey } from '@tanstack/react-query';
import { useImportRun, type ImportRunRow } from './import-run';

export type UploadStage =
  | { stage: 'idle' }
  | { stage: 'uploading'; fileName: string }
  | { stage: 'refused'; message: string }
  | { stage: 'waiting'; run: ImportRunRow | undefined }
  | { stage: 'importing'; run: ImportRunRow }
  | { stage: 'finished'; run: ImportRunRow };

/** `upload` stores the file and queues its import (answers the run id); `refreshes` as useImportRun. */
export function useUploadImport<Request extends { file: File }>(
  upload: (request: Request) => Promise<number>,
  refreshes: QueryKey,
) {
  // A refusal is final; sending a 1 GB file twice because of a flaky answer is not.
  const mutation = useMutation({ mutationFn: upload, retry: false });
  const run = useImportRun(mutation.data, refreshes);
  const stage: UploadStage = mutation.isPending
    ? { stage: 'uploading', fileName: mutation.variables.file.name }
    : mutation.isError
      ? { stage: 'refused', message: mutation.error.message }
      : run.data?.status === 'succeeded' || run.data?.status === 'failed'
        ? { stage: 'finished', run: run.data }
        : run.data?.status === 'running'
          ? { stage: 'importing', run: run.data }
          : mutation.isSuccess
            ? { stage: 'waiting', run: run.data }
            : { stage: 'idle' };
  return { stage, start: mutation.mutate, reset: mutation.reset, runError: run.error };
}
