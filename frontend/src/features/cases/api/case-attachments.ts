/**
 * A case's files in the private case-attachments bucket, under `<case id>/`: listed, uploaded and
 * fetched through storage, whose policies apply the case's TLP (the database writes the timeline).
 */
import { useQuery } from '@tanstack/react-query';
import { formatBytes } from '@/lib/format/format';
import { uploadObjectName } from '@/lib/storage/upload-for-import';
import { supabase } from '@/lib/supabase';
import { refusal, useCaseMutation } from './case-mutation';
import { caseKeys } from './keys';

export const ATTACHMENT_BUCKET = 'case-attachments';
/** The bucket's own cap (20261201230200_create_case_attachments.sql). */
export const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

export interface CaseAttachment {
  name: string;
  path: string;
  size: number | null;
  createdAt: string | null;
}

export async function listCaseAttachments(caseId: string): Promise<CaseAttachment[]> {
  const { data, error } = await supabase().storage.from(ATTACHMENT_BUCKET).list(caseId, { limit: 500 });
  refusal(error);
  return (data ?? []).map((file) => ({
    name: file.name,
    path: `${caseId}/${file.name}`,
    size: typeof file.metadata?.size === 'number' ? (file.metadata.size as number) : null,
    createdAt: file.created_at ?? null,
  }));
}

export const useCaseAttachments = (caseId: string) =>
  useQuery({ queryKey: caseKeys.part(caseId, 'attachments'), queryFn: () => listCaseAttachments(caseId) });

export async function uploadCaseAttachment({ caseId, file }: { caseId: string; file: File }) {
  if (file.size === 0) throw new Error(`${file.name} was not attached: the file is empty.`);
  if (file.size > ATTACHMENT_MAX_BYTES)
    throw new Error(`${file.name} was not attached: it is larger than ${formatBytes(ATTACHMENT_MAX_BYTES)}.`);
  const { error } = await supabase()
    .storage.from(ATTACHMENT_BUCKET)
    .upload(`${caseId}/${uploadObjectName(file.name)}`, file, {
      contentType: 'application/octet-stream',
      upsert: false,
    });
  refusal(error);
}

export const useUploadCaseAttachment = () => useCaseMutation(uploadCaseAttachment);

/** Downloads a file as an octet stream (never rendered in the app). */
export async function downloadCaseAttachment(attachment: CaseAttachment): Promise<Blob> {
  const { data, error } = await supabase().storage.from(ATTACHMENT_BUCKET).download(attachment.path);
  refusal(error);
  return data as Blob;
}
