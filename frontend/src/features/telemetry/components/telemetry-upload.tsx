/**
 * Import a Suricata EVE or Zeek log from this computer. The file is uploaded as it is (compressed or
 * not, up to 1 GB) and imported on the server by the importer's worker, as the CLI would, so a large
 * log never freezes the tab; the panel follows the run to its outcome.
 */
import { Button, Field, Flex, Heading, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FileChooser } from '@/components/ui/file-chooser';
import { UploadStatus } from '@/components/ui/upload-status';
import { refuseTelemetryUpload } from '@/features/telemetry/api/upload-telemetry';
import { useTelemetryUpload } from '@/features/telemetry/hooks/use-telemetry-upload';
import {
  TELEMETRY_UPLOAD_FORMATS,
  type TelemetryUploadFormat,
} from '@/features/telemetry/schemas/telemetry-upload';
import { formatBytes } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { captureStartIso } from '@/features/telemetry/utils/capture-start';
import { UploadOutcome } from './upload-outcome';

export function TelemetryUpload() {
  const [file, setFile] = useState<File>();
  const [format, setFormat] = useState<TelemetryUploadFormat>('auto');
  const [sensor, setSensor] = useState('');
  const [captureStart, setCaptureStart] = useState('');
  const { stage, start, reset, runError } = useTelemetryUpload();
  const busy = stage.stage === 'uploading' || stage.stage === 'waiting' || stage.stage === 'importing';
  const refusal = file && refuseTelemetryUpload(file);

  return (
    <Stack
      as="section"
      aria-labelledby="telemetry-upload-heading"
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      p="4"
    >
      <Heading as="h2" size="md" id="telemetry-upload-heading">
        Import a sensor log
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        Suricata EVE JSON or a Zeek log (conn, dns, http; TSV or JSON), gzip-compressed or not, up to 1 GB.
        The server imports it; lines it cannot read are listed and the rest is kept. Some Zeek logs count time
        in seconds from the start of the capture: give that start time to date their events.
      </Text>
      <Flex gap="3" align="flex-end" wrap="wrap">
        <FileChooser
          inputLabel="Sensor log file"
          accept=".json,.log,.tsv,.txt,.gz,application/json,text/plain,application/gzip"
          disabled={busy}
          onChoose={(chosen) => {
            setFile(chosen);
            reset();
          }}
        >
          Choose a log file
        </FileChooser>
        <Field.Root width="auto">
          <Field.Label fontSize="sm">Format</Field.Label>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              value={format}
              onChange={(event) => setFormat(event.target.value as TelemetryUploadFormat)}
            >
              {TELEMETRY_UPLOAD_FORMATS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="14rem">
          <Field.Label fontSize="sm">Sensor name (optional)</Field.Label>
          <Input
            size="sm"
            value={sensor}
            maxLength={100}
            placeholder="From the log"
            onChange={(event) => setSensor(event.target.value)}
          />
        </Field.Root>
        <Field.Root width="15rem">
          <Field.Label fontSize="sm">Capture start, UTC (optional)</Field.Label>
          <Input
            size="sm"
            type="datetime-local"
            step="1"
            value={captureStart}
            onChange={(event) => setCaptureStart(event.target.value)}
          />
        </Field.Root>
        <Button
          size="sm"
          disabled={!file || busy || Boolean(refusal)}
          onClick={() => file && start({ file, format, sensor, baseTime: captureStartIso(captureStart) })}
        >
          Import
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
        importing="Importing: matching every event against the indicators…"
        outcome={(run) => <UploadOutcome run={run} />}
      />
    </Stack>
  );
}
