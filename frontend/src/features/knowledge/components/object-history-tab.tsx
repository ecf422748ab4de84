/**
 * An object's history: who changed which field here and when (analysts' edits, merges, imports that
 * kept an analyst's edit), then its own dates (STIX created and modified, ATT&CK version), when it
 * entered the knowledge base and last changed here, and the latest imports of its sources.
 */
import { Spinner, Stack, Text } from '@chakra-ui/react';
import { Facts } from '@/components/entity/facts';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { HISTORY_EVENT_LIMIT, useObjectHistory } from '@/features/knowledge/api/get-object-history';
import { ObjectChanges } from './object-changes';

export function ObjectHistoryTab({ stixId }: { stixId: string }) {
  const history = useObjectHistory(stixId);
  if (history.isPending) return <Spinner size="sm" aria-label="Loading the history" />;
  if (history.isError)
    return <Text role="alert">The history could not be loaded: {history.error.message}</Text>;
  const data = history.data;
  if (!data)
    return <Text color="fg.muted">It does not exist, or your clearance does not cover its TLP.</Text>;
  return (
    <Stack gap="4">
      <ObjectChanges stixId={stixId} />
      <Text fontSize="sm" color="fg.muted">
        A re-import replaces an object when its STIX “modified” date is newer, except the fields an analyst
        edited. These are its dates, and the latest imports of its sources.
      </Text>
      <Facts
        items={[
          ['Created (STIX)', formatDateTime(data.created)],
          ['Modified (STIX)', formatDateTime(data.modified)],
          ['Object version (ATT&CK)', data.version],
          ['Entered the knowledge base', formatDateTime(data.enteredAt)],
          ['Last changed here', formatDateTime(data.changedAt)],
          ['Delivered by', data.sources.length ? data.sources.join(', ') : null],
        ]}
      />
      {data.imports.length > 0 && (
        <Stack gap="1.5" as="section" aria-label="Latest imports of its sources">
          <Text fontSize="sm" fontWeight="semibold">
            Latest imports of its sources (up to {HISTORY_EVENT_LIMIT})
          </Text>
          <Stack as="ol" gap="1" listStyleType="none" ps="0" fontSize="sm">
            {data.imports.map((event) => (
              <li key={event.id}>
                <Text as="span" color="fg.muted" me="2">
                  {formatDateTime(event.occurred_at)}
                </Text>
                <InertText value={event.title} defangLinks={false} />
              </li>
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
