/**
 * The feed map builder (issue 30 §3): an administrator uploads a sample of a feed in a layout of its
 * own, picks the column of each field from the sample, sees the first rows as they would be stored
 * (the importer's own mapping and preparation, run in a worker) and saves the map to the source, so
 * `sync` pulls and maps it on its schedule. The server checks the map again and records the change.
 */
import {
  Alert,
  Button,
  Checkbox,
  Code,
  Field,
  Flex,
  Input,
  NativeSelect,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { toast } from '@/components/ui/toast';
import { formatBytes } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import type { SourceOverview } from '@/features/sources/api/get-source-overview';
import { useSetSourceFeedMap, useSourceFeedMap } from '@/features/sources/api/source-feed-map';
import { useFeedMapSample } from '@/features/sources/hooks/use-feed-map-sample';
import { draftOf, mapDocument, type MapDraft } from '@/features/sources/utils/feed-map-draft';
import { MAX_SAMPLE_BYTES } from '@/features/sources/utils/feed-map-sample';
import { FeedMapFields } from './feed-map-fields';
import { FeedMapPreview } from './feed-map-preview';

const DELIMITERS = [
  { value: ',', label: 'Comma (,)' },
  { value: ';', label: 'Semicolon (;)' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe (|)' },
];

export function FeedMapBuilder({ source }: { source: SourceOverview }) {
  const stored = useSourceFeedMap(source.id);
  // The stored map is the starting draft once it has loaded; the key below remounts on change.
  if (stored.isPending) return <Text fontSize="sm">Loading the source's map…</Text>;
  if (stored.isError)
    return <Text color="fg.error">The source's map could not be read: {stored.error.message}</Text>;
  return <Builder key={JSON.stringify(stored.data)} source={source} stored={stored.data} />;
}

function Builder({ source, stored }: { source: SourceOverview; stored: unknown }) {
  const [draft, setDraft] = useState<MapDraft>(() => draftOf(stored));
  const [sample, setSample] = useState<{ name: string; size: number; text?: string; refused?: string }>();
  const input = useRef<HTMLInputElement>(null);
  const save = useSetSourceFeedMap();
  const document = useMemo(() => mapDocument(draft), [draft]);
  const defaults = useMemo(
    () => ({ tlp: source.default_tlp, confidence: source.default_confidence }),
    [source],
  );
  const { analysis, busy } = useFeedMapSample(sample?.text, document, defaults);
  const problems = analysis?.problems ?? [];

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_SAMPLE_BYTES)
      return setSample({
        name: file.name,
        size: file.size,
        refused: 'a sample is at most 4 MB: cut the feed to its first rows',
      });
    const text = await file.text();
    const json = /^\s*[[{]/.test(text.replace(/^\uFEFF/, ''));
    setSample({ name: file.name, size: file.size, text });
    setDraft((d) => ({ ...d, format: json ? 'json' : 'csv' }));
  };

  const submit = async (map: Record<string, unknown> | null) => {
    try {
      await save.mutateAsync({ sourceId: source.id, map: map as never });
      toast({
        title: map ? 'Map saved' : 'Map removed',
        description: `${source.name}: ${map ? 'the next sync reads the feed through it' : 'the source has no map now'}; the change is recorded in the security events.`,
      });
    } catch {
      // Shown below from save.error.
    }
  };

  return (
    <Stack gap="4" as="section" aria-label="Feed map builder">
      <Text fontSize="sm" color="fg.muted">
        Describe how this source's CSV or JSON becomes indicators. Pick each field's column from a sample; the
        preview shows the first rows exactly as the importer would store them.
      </Text>
      <Flex gap="3" align="flex-end" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
          <LuUpload aria-hidden="true" />
          Choose a sample
        </Button>
        <VisuallyHidden asChild>
          <input
            ref={input}
            type="file"
            aria-label="Sample file"
            tabIndex={-1}
            accept=".csv,.tsv,.txt,.json,text/csv,application/json"
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </VisuallyHidden>
        <Field.Root width="auto">
          <Field.Label fontSize="sm">Format</Field.Label>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              value={draft.format}
              onChange={(e) => setDraft({ ...draft, format: e.target.value as MapDraft['format'] })}
            >
              <option value="csv">CSV</option>
              <option value="json">JSON</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {draft.format === 'csv' ? (
          <>
            <Field.Root width="auto">
              <Field.Label fontSize="sm">Delimiter</Field.Label>
              <NativeSelect.Root size="sm" width="auto">
                <NativeSelect.Field
                  value={draft.delimiter}
                  onChange={(e) => setDraft({ ...draft, delimiter: e.target.value })}
                >
                  {DELIMITERS.map((d) => (
                    <option key={d.label} value={d.value}>
                      {d.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Checkbox.Root
              size="sm"
              checked={draft.header}
              onCheckedChange={(d) => setDraft({ ...draft, header: d.checked === true })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>First row names the columns</Checkbox.Label>
            </Checkbox.Root>
          </>
        ) : (
          <Field.Root width="16rem">
            <Field.Label fontSize="sm">Records (dotted path to the array)</Field.Label>
            <Input
              size="sm"
              value={draft.records}
              placeholder="data.items"
              onChange={(e) => setDraft({ ...draft, records: e.target.value })}
            />
          </Field.Root>
        )}
      </Flex>
      {sample && (
        <Text
          fontSize="sm"
          color={sample.refused ? 'fg.error' : 'fg.muted'}
          role={sample.refused ? 'alert' : undefined}
        >
          Sample: <InertText value={sample.name} defangLinks={false} /> ({formatBytes(sample.size)})
          {sample.refused ? ` cannot be used: ${sample.refused}` : busy ? ' · reading…' : ''}
        </Text>
      )}
      <FeedMapFields
        draft={draft}
        columns={analysis?.columns ?? []}
        typeValues={analysis?.typeValues ?? []}
        onChange={(fields) => setDraft({ ...draft, fields })}
      />
      {problems.length > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The map cannot be used yet</Alert.Title>
            <Alert.Description>
              <Stack as="ul" gap="0" ps="4" listStyleType="disc">
                {problems.map((problem) => (
                  <li key={problem}>
                    <InertText value={problem} />
                  </li>
                ))}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {analysis?.preview && <FeedMapPreview preview={analysis.preview} />}
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          The map (also usable with{' '}
          <Code>npm run intel -- import FILE --format {draft.format} --map map.json</Code>)
        </Text>
        <Code as="pre" p="2" fontSize="xs" whiteSpace="pre-wrap" aria-label="Map document">
          {JSON.stringify(document, null, 2)}
        </Code>
      </Stack>
      {save.error && (
        <Text color="fg.error" role="alert">
          {save.error.message}
        </Text>
      )}
      <Flex gap="2">
        <Button
          size="sm"
          loading={save.isPending}
          disabled={problems.length > 0 && !!sample?.text}
          onClick={() => void submit(document)}
        >
          Save map to this source
        </Button>
        {stored !== null && (
          <Button size="sm" variant="outline" loading={save.isPending} onClick={() => void submit(null)}>
            Remove the map
          </Button>
        )}
      </Flex>
    </Stack>
  );
}
