/**
 * Import leak-site posts from this computer: a ransomwatch-style JSON array of posts (or pastes),
 * gzip-compressed or not. The server imports it as the CLI would: the same claim seen twice is one
 * post, and every new post is matched against the watches.
 */
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FileChooser } from '@/components/ui/file-chooser';
import { UploadStatus } from '@/components/ui/upload-status';
import { darkWebKeys } from '@/features/dark-web/api/keys';
import { refuseLeakUpload, uploadLeakPosts } from '@/features/dark-web/api/upload-leak-posts';
import { formatBytes } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useUploadImport } from '@/lib/storage/use-upload-import';
import { LeakUploadOutcome } from './leak-upload-outcome';

export function LeakUpload({ empty }: { empty: boolean }) {
  const [file, setFile] = useState<File>();
  const { stage, start, reset, runError } = useUploadImport(uploadLeakPosts, darkWebKeys.all);
  const busy = stage.stage === 'uploading' || stage.stage === 'waiting' || stage.stage === 'importing';
  const refusal = file && refuseLeakUpload(file);

  return (
    <Stack
      as="section"
      aria-labelledby="leak-upload-heading"
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      bg={empty ? 'bg.muted' : undefined}
    >
      <Heading as="h2" size="md" id="leak-upload-heading">
        Import leak-site posts
      </Heading>
      {empty && <Text fontWeight="medium">No leak post has been imported yet.</Text>}
      <Text fontSize="sm" color="fg.muted">
        A JSON array of ransomware leak-site posts (ransomwatch style: post_title, group_name, discovered) or
        pastes, gzip-compressed or not, up to {formatBytes(256 * 1024 ** 2)}. The server imports it; a post
        already known is kept once, and every new post is matched against the watched keywords.
      </Text>
      <Flex gap="3" align="center" wrap="wrap">
        <FileChooser
          inputLabel="Leak posts file"
          accept=".json,.gz,application/json,application/gzip"
          disabled={busy}
          onChoose={(chosen) => {
            setFile(chosen);
            reset();
          }}
        >
          Choose a posts file
        </FileChooser>
        <Button
          size="sm"
          disabled={!file || busy || Boolean(refusal)}
          onClick={() => file && start({ file })}
        >
          Import posts
        </Button>
      </Flex>
      {file && (
        <Text fontSize="sm" color={refusal ? 'fg.error' : undefined} role={refusal ? 'alert' : undefined}>
          <InertText value={file.name} defangLinks={false} /> ({formatBytes(file.size)})
          {refusal ? ` cannot be imported here: ${refusal}` : ''}
        </Text>
      )}
      <UploadStatus
        stage={stage}
        runError={runError?.message}
        importing="Importing the posts and matching them against the watches…"
        outcome={(run) => <LeakUploadOutcome run={run} />}
      />
    </Stack>
  );
}
