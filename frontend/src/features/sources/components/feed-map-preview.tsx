/** The sample's first rows as the importer would store them, and each rejected row with its reason. */
import { Table, Text } from '@chakra-ui/react';
import type { Preview } from '@intel/feed-map';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatInteger } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';

/** `2026-03-01T00:00:00.000Z` → `2026-03-01 00:00` (UTC, as stored). */
const when = (iso: string | undefined) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');

const COLUMNS = [
  'Where',
  'Type',
  'Value',
  'First seen',
  'Last seen',
  'TLP',
  'Confidence',
  'Labels',
  'Malware',
  'Description',
];

export function FeedMapPreview({ preview }: { preview: Preview }) {
  return (
    <>
      <Text fontSize="sm" aria-live="polite">
        {formatInteger(preview.records)} rows in the sample:{' '}
        {formatInteger(preview.records - preview.rejected)} would import, {formatInteger(preview.rejected)}{' '}
        would be rejected.
      </Text>
      <Table.ScrollArea maxHeight="24rem" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" stickyHeader aria-label="Preview of the stored rows">
          <Table.Header>
            <Table.Row>
              {COLUMNS.map((column) => (
                <Table.ColumnHeader key={column} whiteSpace="nowrap">
                  {column}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {preview.rows.map((row) => (
              <Table.Row key={row.where} bg={row.ok ? undefined : 'bg.error'}>
                <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {row.where}
                </Table.Cell>
                {row.ok ? (
                  <>
                    <Table.Cell>{row.stored.type}</Table.Cell>
                    <Table.Cell minWidth="14rem" maxWidth="22rem">
                      <InertText value={row.stored.value} as="code" />
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{when(row.stored.firstSeen)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{when(row.stored.lastSeen)}</Table.Cell>
                    <Table.Cell>
                      <TlpBadge tlp={row.stored.tlp} />
                    </Table.Cell>
                    <Table.Cell>{row.stored.confidence}</Table.Cell>
                    <Table.Cell minWidth="8rem" maxWidth="12rem">
                      <InertText value={row.stored.labels.join(', ')} />
                    </Table.Cell>
                    <Table.Cell maxWidth="12rem">
                      <InertText value={row.stored.malware.join(', ')} />
                    </Table.Cell>
                    <Table.Cell minWidth="12rem" maxWidth="16rem">
                      <InertText value={row.stored.description} />
                    </Table.Cell>
                  </>
                ) : (
                  <Table.Cell colSpan={COLUMNS.length - 1} color="fg.error">
                    Rejected: <InertText value={row.reason} />
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
}
