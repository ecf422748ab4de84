/** A file from this computer for a source, in the source's format or one named; checked before it is sent. */
import { Button, Field, Flex, NativeSelect, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { formatBytes } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { SourceOverview } from '@/features/sources/api/get-source-overview';
import { refuseSourceUpload } from '@/features/sources/api/upload-source-file';
import { formatLabel, KNOWLEDGE_FORMATS } from '@/features/sources/utils/formats';

export function FileImport({
  source,
  disabled,
  onImport,
}: {
  source: SourceOverview;
  disabled: boolean;
  onImport: (file: File, format: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [format, setFormat] = useState('');
  const refusal = file && refuseSourceUpload(file);
  const noFormat = !source.format && !format;
  return (
    <Stack gap="2">
      <Flex gap="3" align="flex-end" wrap="wrap">
        <Button size="sm" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
          <LuUpload aria-hidden="true" />
          Choose a file
        </Button>
        <VisuallyHidden asChild>
          <input
            ref={input}
            type="file"
            aria-label="Intelligence file"
            tabIndex={-1}
            onChange={(event) => {
              setFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </VisuallyHidden>
        <Field.Root width="auto">
          <Field.Label fontSize="sm">File format</Field.Label>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field value={format} onChange={(event) => setFormat(event.target.value)}>
              <option value="">
                {source.format ? `The source's format (${formatLabel(source.format)})` : 'Choose a format'}
              </option>
              {KNOWLEDGE_FORMATS.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {entry.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button
          size="sm"
          disabled={!file || disabled || Boolean(refusal) || noFormat}
          onClick={() => file && onImport(file, format)}
        >
          Import file
        </Button>
      </Flex>
      {file && (
        <Text fontSize="sm" color={refusal ? 'fg.error' : undefined} role={refusal ? 'alert' : undefined}>
          <InertText value={file.name} defangLinks={false} /> ({formatBytes(file.size)})
          {refusal ? ` cannot be imported here: ${refusal}` : ''}
        </Text>
      )}
      <Text fontSize="xs" color="fg.muted">
        Up to 512 MB, gzip-compressed or not. Records are filed under this source; those it cannot read are
        listed with the run and the rest is kept.
      </Text>
    </Stack>
  );
}
