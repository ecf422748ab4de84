/** A case's files: upload (25 MiB), list and download; the files are never opened in the app. */
import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { toast } from '@/components/ui/toast';
import { formatBytes, formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import {
  downloadCaseAttachment,
  useCaseAttachments,
  useUploadCaseAttachment,
} from '@/features/cases/api/case-attachments';

/** Hands the file to the browser as a download (an octet stream: never opened in the app). */
function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(new Blob([blob], { type: 'application/octet-stream' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function CaseAttachments({ caseId }: { caseId: string }) {
  const files = useCaseAttachments(caseId);
  const upload = useUploadCaseAttachment();
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack gap="3">
      <Flex gap="2" align="center">
        <input
          ref={input}
          type="file"
          hidden
          aria-label="File to attach"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file)
              upload.mutate(
                { caseId, file },
                {
                  onError: (error) =>
                    toast({ title: 'Not attached', description: error.message, variant: 'destructive' }),
                },
              );
          }}
        />
        <Button size="sm" variant="outline" loading={upload.isPending} onClick={() => input.current?.click()}>
          Attach a file
        </Button>
        <Text fontSize="sm" color="fg.muted">
          Up to 25 MiB; read by whoever reads the case.
        </Text>
      </Flex>
      {files.data?.length === 0 && <Text color="fg.muted">No file attached.</Text>}
      {files.error && <Text color="fg.error">The files could not be listed: {files.error.message}</Text>}
      <Stack as="ul" listStyleType="none" gap="1" aria-label="Attachments">
        {files.data?.map((file) => (
          <Flex as="li" key={file.path} gap="3" align="center">
            <InertText value={file.name} defangLinks={false} />
            <Text fontSize="sm" color="fg.muted">
              {file.size !== null ? formatBytes(file.size) : ''} {formatDateTime(file.createdAt)}
            </Text>
            <Button
              size="xs"
              variant="ghost"
              onClick={() =>
                void downloadCaseAttachment(file).then(
                  (blob) => downloadBlob(file.name, blob),
                  (error: Error) =>
                    toast({ title: 'Not downloaded', description: error.message, variant: 'destructive' }),
                )
              }
            >
              Download
            </Button>
          </Flex>
        ))}
      </Stack>
    </Stack>
  );
}
