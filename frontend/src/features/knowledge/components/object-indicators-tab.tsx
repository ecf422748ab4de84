/**
 * An object's indicators on its entity screen: the newest that indicate it or, for an actor or
 * campaign, the malware and tools it uses (saying through which). All of them are in IOC Intelligence.
 */
import { Link as ChakraLink, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { IndicatorValue } from '@/components/intel/indicator-value';
import { TlpBadge } from '@/components/intel/tlp-badge';
import { formatInteger, formatIsoDate } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useObjectIndicators } from '@/features/knowledge/api/get-object-indicators';

interface ObjectIndicatorsTabProps {
  stixId: string;
  /** The IOC page filtered to the indicators of one object. */
  indicatorsHref: (stixId: string) => string;
}

export function ObjectIndicatorsTab({ stixId, indicatorsHref }: ObjectIndicatorsTabProps) {
  const indicators = useObjectIndicators(stixId);
  if (indicators.isPending) return <Spinner size="sm" aria-label="Loading the indicators" />;
  if (indicators.isError)
    return <Text role="alert">The indicators could not be loaded: {indicators.error.message}</Text>;
  const rows = indicators.data;
  if (rows.length === 0)
    return (
      <Text color="fg.muted">
        No indicator points at it, nor at the malware and tools it uses (indicators arrive with feeds such as
        ThreatFox, linked to malware families by “indicates” relationships).
      </Text>
    );
  const total = Number(rows[0]!.total);
  const vias = [
    ...new Map(rows.filter((row) => row.via_stix_id).map((row) => [row.via_stix_id, row.via_name])).entries(),
  ];
  return (
    <Stack gap="3">
      <Text fontSize="sm">
        {total > rows.length
          ? `The newest ${rows.length} of ${formatInteger(total)} indicators.`
          : `${formatInteger(total)} indicator${total === 1 ? '' : 's'}.`}{' '}
        <ChakraLink asChild>
          <Link to={indicatorsHref(stixId)}>Open its own in IOC Intelligence</Link>
        </ChakraLink>
        {vias.map(([via, name]) => (
          <span key={via}>
            {' · '}
            <ChakraLink asChild>
              <Link to={indicatorsHref(via!)}>
                those of <InertText value={name ?? via} defangLinks={false} />
              </Link>
            </ChakraLink>
          </span>
        ))}
      </Text>
      <Table.Root size="sm" aria-label="Indicators">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Indicator</Table.ColumnHeader>
            <Table.ColumnHeader>Through</Table.ColumnHeader>
            <Table.ColumnHeader>TLP</Table.ColumnHeader>
            <Table.ColumnHeader>Last seen</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id}>
              <Table.Cell maxWidth="16rem">
                <IndicatorValue value={row.value} singleLine />
              </Table.Cell>
              <Table.Cell>
                {row.via_stix_id ? (
                  <InertText value={row.via_name ?? row.via_stix_id} defangLinks={false} />
                ) : (
                  'itself'
                )}
              </Table.Cell>
              <Table.Cell>
                <TlpBadge tlp={row.tlp} />
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatIsoDate(row.last_seen) ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
