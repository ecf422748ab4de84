/** Every source's report of one indicator, with its own dates; a source's reference stays a link. */
import { Spinner, Table, Text } from '@chakra-ui/react';
import { ReferenceLink } from '@/components/intel/reference-link';
import { PapBadge } from '@/components/intel/pap-badge';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useIndicatorReports } from '@/features/indicators/api/get-indicator-reports';

export function IndicatorSourcesTab({ id }: { id: number }) {
  const reports = useIndicatorReports(id);
  if (reports.isPending) return <Spinner size="sm" />;
  if (reports.isError)
    return <Text role="alert">The sources could not be loaded: {reports.error.message}</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Caption>Every source that reported this indicator, with its own dates.</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Source</Table.ColumnHeader>
            <Table.ColumnHeader>First seen</Table.ColumnHeader>
            <Table.ColumnHeader>Last seen</Table.ColumnHeader>
            <Table.ColumnHeader>Confidence</Table.ColumnHeader>
            <Table.ColumnHeader>TLP</Table.ColumnHeader>
            <Table.ColumnHeader>PAP</Table.ColumnHeader>
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
              <Table.Cell>
                <PapBadge pap={report.pap} />
              </Table.Cell>
              <Table.Cell maxWidth="14rem">
                {report.reference ? (
                  <ReferenceLink url={report.reference} singleLine />
                ) : (
                  // The feed's own id for it (a ThreatFox id), not a value to defang.
                  <InertText value={report.external_id ?? ''} defangLinks={false} singleLine />
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
