/** The rows the import will leave out, each with its line in the file and why. */
import { RejectTable } from '@/components/ui/reject-table';

export function RejectReport({ rejects }: { rejects: readonly { line: number; reason: string }[] }) {
  return (
    <RejectTable
      caption="Rejected rows: they will not be imported. Fix them in the file and choose it again."
      rejects={rejects.map((reject) => ({ where: String(reject.line), reason: reject.reason }))}
    />
  );
}
