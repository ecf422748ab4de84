/**
 * What an administrator starts for a source: a sync of its URL, or the import of a file from this
 * computer. Both run on the server (the importer's worker); the run is then followed live.
 */
import { Button, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuRefreshCw } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';
import { platformPath } from '@/config/paths';
import { ReferenceLink } from '@/components/intel/reference-link';
import type { SourceOverview } from '@/features/sources/api/get-source-overview';
import { isActive, useSourceRuns } from '@/features/sources/api/get-source-runs';
import { useRequestSourceSync } from '@/features/sources/api/request-source-sync';
import { useUploadSourceFile } from '@/features/sources/api/upload-source-file';
import { WORKSPACE_FORMATS } from '@/features/sources/utils/formats';
import { FileImport } from './file-import';
import { RunProgress } from './run-progress';

export function SourceActions({ source, live }: { source: SourceOverview; live: boolean }) {
  const runs = useSourceRuns(source.id, live);
  const sync = useRequestSourceSync();
  const upload = useUploadSourceFile();
  const [tracked, setTracked] = useState<number>();
  const busy = runs.data?.some(isActive) ?? false;
  const trackedRun = runs.data?.find((run) => run.id === tracked);
  const workspace = source.format ? WORKSPACE_FORMATS[source.format] : undefined;

  return (
    <Stack as="section" aria-labelledby="source-actions-heading" gap="3">
      <Heading as="h3" size="sm" id="source-actions-heading">
        Import now
      </Heading>
      {source.url && source.format ? (
        <Stack gap="1">
          <Flex gap="2" align="center" wrap="wrap">
            <Button
              size="sm"
              disabled={busy || sync.isPending}
              loading={sync.isPending}
              onClick={() => sync.mutate(source.id, { onSuccess: setTracked })}
            >
              <LuRefreshCw aria-hidden="true" />
              Sync now
            </Button>
            <Text as="span" fontSize="sm" color="fg.muted">
              Fetches <ReferenceLink url={source.url} /> on the server.
            </Text>
          </Flex>
          {sync.isError && (
            <Text role="alert" fontSize="sm" color="fg.error">
              The sync was not started: {sync.error.message}
            </Text>
          )}
        </Stack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          This source has no URL to fetch: import its files instead.
        </Text>
      )}
      {workspace ? (
        <Text fontSize="sm" color="fg.muted">
          Files of this source are imported in{' '}
          {workspace.page ? (
            <Link asChild colorPalette="blue" textDecoration="underline">
              <RouterLink to={platformPath(workspace.page)}>{workspace.title}</RouterLink>
            </Link>
          ) : (
            workspace.title
          )}
          .
        </Text>
      ) : (
        <FileImport
          source={source}
          disabled={upload.isPending}
          onImport={(file, format) =>
            upload.mutate({ sourceId: source.id, file, format }, { onSuccess: setTracked })
          }
        />
      )}
      {upload.isPending && (
        <Text role="status" fontSize="sm">
          Uploading {upload.variables.file.name}…
        </Text>
      )}
      {upload.isError && (
        <Text role="alert" fontSize="sm" color="fg.error">
          {upload.error.message}
        </Text>
      )}
      {busy && tracked === undefined && (
        <Text fontSize="sm" color="fg.muted">
          An import of this source is under way: see its history.
        </Text>
      )}
      {tracked !== undefined && <RunProgress runId={tracked} run={trackedRun} />}
    </Stack>
  );
}
