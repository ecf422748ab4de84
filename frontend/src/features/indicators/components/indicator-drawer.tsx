/** One indicator: what it is, every source's report of it, what it is linked to. */
import { Badge, Button, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { EntityDrawer } from '@/components/entity/entity-drawer';
import { Facts } from '@/components/entity/facts';
import { IndicatorValue } from '@/components/intel/indicator-value';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatDateTime } from '@/lib/format/format';
import { TYPE_NAMES, type IndicatorType } from '@/lib/intel/indicator-input';
import { InertText } from '@/lib/security/inert-text';
import { useIndicator, type IndicatorDetail } from '@/features/indicators/api/get-indicator';
import { useIndicatorReports } from '@/features/indicators/api/get-indicator-reports';
import { useIndicatorRelations } from '@/features/indicators/api/get-indicator-relations';

interface IndicatorDrawerProps {
  id: number | undefined;
  onClose: () => void;
  onRevoke: (indicator: IndicatorDetail) => void;
}

function Overview({ indicator }: { indicator: IndicatorDetail }) {
  return (
    <Facts
      items={[
        ['Value', <IndicatorValue key="v" value={indicator.value} />],
        ['Type', TYPE_NAMES[indicator.type as IndicatorType] ?? indicator.type],
        ['Status', indicator.revoked ? 'Revoked' : 'Active'],
        ['Confidence', indicator.confidence ?? null],
        ['TLP', <TlpBadge key="t" tlp={indicator.tlp} />],
        ['First seen', formatDateTime(indicator.first_seen)],
        ['Last seen', formatDateTime(indicator.last_seen)],
        ['Valid until', formatDateTime(indicator.valid_until)],
        [
          'Labels',
          indicator.labels.length ? <InertText key="l" value={indicator.labels.join(', ')} /> : null,
        ],
        [
          'Description',
          indicator.description ? <InertText key="d" value={indicator.description} as="p" /> : null,
        ],
        [
          'STIX id',
          <Text key="s" as="code" fontSize="xs">
            {indicator.stix_id}
          </Text>,
        ],
        ['Pattern', <InertText key="p" value={indicator.pattern} as="code" />],
      ]}
    />
  );
}

function Reports({ id }: { id: number }) {
  const reports = useIndicatorReports(id);
  if (reports.isPending) return <Spinner size="sm" />;
  if (reports.isError)
    return <Text role="alert">The sources could not be loaded: {reports.error.message}</Text>;
  return (
    <Table.Root size="sm">
      <Table.Caption>Every source that reported this indicator, with its own dates.</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Source</Table.ColumnHeader>
          <Table.ColumnHeader>First seen</Table.ColumnHeader>
          <Table.ColumnHeader>Last seen</Table.ColumnHeader>
          <Table.ColumnHeader>Confidence</Table.ColumnHeader>
          <Table.ColumnHeader>TLP</Table.ColumnHeader>
          <Table.ColumnHeader>Reference</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {reports.data.map((report) => (
          <Table.Row key={String(report.source_id)}>
            <Table.Cell>
              <InertText value={report.source_name} defangLinks={false} />
            </Table.Cell>
            <Table.Cell>{formatDateTime(report.first_seen) ?? '—'}</Table.Cell>
            <Table.Cell>{formatDateTime(report.last_seen) ?? '—'}</Table.Cell>
            <Table.Cell>{report.confidence ?? '—'}</Table.Cell>
            <Table.Cell>
              <TlpBadge tlp={report.tlp} />
            </Table.Cell>
            <Table.Cell maxWidth="14rem">
              <InertText value={report.reference ?? report.external_id ?? ''} singleLine />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function Relations({ id }: { id: number }) {
  const relations = useIndicatorRelations(id);
  if (relations.isPending) return <Spinner size="sm" />;
  if (relations.isError)
    return <Text role="alert">The links could not be loaded: {relations.error.message}</Text>;
  if (relations.data.length === 0)
    return <Text color="fg.muted">No malware, actor or campaign is linked to it.</Text>;
  return (
    <Stack as="ul" gap="2" listStyleType="none" ps="0">
      {relations.data.map((relation) => (
        <li key={`${relation.relationship_type}-${relation.stix_id}`}>
          <Text as="span" color="fg.muted">
            {relation.direction === 'out'
              ? relation.relationship_type
              : `${relation.relationship_type} (by)`}{' '}
          </Text>
          <Badge size="sm" variant="subtle" me="1">
            {relation.type}
          </Badge>
          <InertText value={relation.name ?? relation.stix_id} defangLinks={false} />
        </li>
      ))}
    </Stack>
  );
}

export function IndicatorDrawer({ id, onClose, onRevoke }: IndicatorDrawerProps) {
  const indicator = useIndicator(id);
  const data = indicator.data;
  const missing = indicator.isSuccess && !data;
  return (
    <EntityDrawer
      open={id !== undefined}
      onClose={onClose}
      kind="Indicator"
      stixId={data?.stix_id ?? undefined}
      title={data ? <InertText value={data.value} /> : missing ? 'Not found' : 'Loading…'}
      subtitle={missing ? 'It does not exist, or your clearance does not cover its TLP.' : undefined}
      actions={
        data && (
          <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => onRevoke(data)}>
            {data.revoked ? 'Restore…' : 'Revoke…'}
          </Button>
        )
      }
      tabs={
        data && id !== undefined
          ? [
              { id: 'overview', label: 'Overview', content: <Overview indicator={data} /> },
              { id: 'sources', label: 'Sources', content: <Reports id={id} /> },
              { id: 'relationships', label: 'Relationships', content: <Relations id={id} /> },
            ]
          : []
      }
    />
  );
}
