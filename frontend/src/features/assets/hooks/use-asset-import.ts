/**
 * The CSV import as the page walks it: a file is sized, read and checked in the browser (nothing is
 * written), the analyst sees the rejects, then confirms and watches the writes progress.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { importAssets, type ImportProgress } from '@/features/assets/api/import-assets';
import { assetKeys } from '@/features/assets/api/keys';
import { planAssets, type PlannedAsset } from '@/features/assets/utils/import-plan';
import { fileSizeProblem, readAssetCsv, type AssetCsvReject } from '@/features/assets/utils/read-asset-csv';

export type CheckedFile =
  | { state: 'reading'; fileName: string }
  | { state: 'refused'; fileName: string; reason: string }
  | { state: 'checked'; fileName: string; rows: number; rejects: AssetCsvReject[]; plan: PlannedAsset[] };

export function useAssetImport() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<CheckedFile | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const writer = useMutation({
    mutationFn: (plan: PlannedAsset[]) => importAssets(plan, setProgress),
    // Half an import is reported as it stands; the analyst decides whether to run the file again.
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: assetKeys.all }),
  });

  const choose = async (chosen: File) => {
    writer.reset();
    setProgress(null);
    const tooLarge = fileSizeProblem(chosen);
    if (tooLarge) return setFile({ state: 'refused', fileName: chosen.name, reason: tooLarge });
    setFile({ state: 'reading', fileName: chosen.name });
    try {
      const read = await readAssetCsv(await chosen.text());
      setFile(
        read.ok
          ? {
              state: 'checked',
              fileName: chosen.name,
              rows: read.rows.length,
              rejects: read.rejects,
              plan: planAssets(read.rows),
            }
          : { state: 'refused', fileName: chosen.name, reason: read.reason },
      );
    } catch (error) {
      setFile({
        state: 'refused',
        fileName: chosen.name,
        reason: `It could not be read: ${(error as Error).message}`,
      });
    }
  };

  const start = () => {
    if (file?.state === 'checked' && file.plan.length > 0) writer.mutate(file.plan);
  };

  const clear = () => {
    writer.reset();
    setProgress(null);
    setFile(null);
  };

  return { file, choose, start, clear, writer, progress };
}
