/** Where an upload for import stands: uploading, waiting, importing, refused, or its outcome. */
import { Flex, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ImportRunRow } from '@/lib/storage/import-run';
import type { UploadStage } from '@/lib/storage/use-upload-import';

interface UploadStatusProps {
  stage: UploadStage;
  runError: string | undefined;
  /** What the import is doing, while it runs. */
  importing: string;
  outcome: (run: ImportRunRow) => ReactNode;
}

export function UploadStatus({ stage, runError, importing, outcome }: UploadStatusProps) {
  if (runError)
    return (
      <Text role="alert" color="fg.error" fontSize="sm">
        The import's progress could not be read: {runError}
      </Text>
    );
  switch (stage.stage) {
    case 'idle':
      return null;
    case 'uploading':
      return <Progress text={`Uploading ${stage.fileName}…`} />;
    case 'waiting':
      return <Progress text="Uploaded. Waiting for the importer to start…" />;
    case 'importing':
      return <Progress text={importing} />;
    case 'refused':
      return (
        <Text role="alert" color="fg.error" fontSize="sm">
          {stage.message}
        </Text>
      );
    case 'finished':
      return outcome(stage.run);
  }
}

function Progress({ text }: { text: string }) {
  return (
    <Flex gap="2" align="center" role="status" fontSize="sm">
      <Spinner size="sm" /> {text}
    </Flex>
  );
}
