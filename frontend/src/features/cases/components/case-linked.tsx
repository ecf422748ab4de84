/**
 * Everything a case points at: its alerts and its links to indicators, sightings, knowledge objects and
 * assets, each opening where the platform shows it; a form links more by id. Something the user cannot
 * read is refused in the words a missing id gets.
 */
import {
  Button,
  Flex,
  Input,
  Link as ChakraLink,
  NativeSelect,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SeverityBadge, StatusBadge } from '@/components/intel/alert-badges';
import { toast } from '@/components/ui/toast';
import { entityPaths } from '@/config/paths';
import { InertText } from '@/lib/security/inert-text';
import { useCaseAlerts } from '@/features/cases/api/list-case-alerts';
import { useCaseLinks } from '@/features/cases/api/list-case-links';
import { LINK_KINDS, useLinkCaseEntity, type LinkKind } from '@/features/cases/api/link-case-entity';
import { useUnlinkCaseEntity } from '@/features/cases/api/unlink-case-entity';

const KIND_NAMES: Record<LinkKind, string> = {
  alert: 'Alert (id)',
  indicator: 'Indicator (number)',
  sighting: 'Sighting (STIX id)',
  intel_object: 'Knowledge object (STIX id)',
  asset: 'Asset (id)',
};

function linkTarget(kind: string, ref: string): string | null {
  if (kind === 'indicator') return entityPaths.indicator(ref);
  if (kind === 'intel_object') return entityPaths.knowledgeObject(ref);
  if (kind === 'asset') return entityPaths.asset(ref);
  return null;
}

export function CaseLinked({ caseId }: { caseId: string }) {
  const alerts = useCaseAlerts(caseId);
  const links = useCaseLinks(caseId);
  const link = useLinkCaseEntity();
  const unlink = useUnlinkCaseEntity();
  const [kind, setKind] = useState<LinkKind>('indicator');
  const [ref, setRef] = useState('');
  const remove = (k: LinkKind, r: string) =>
    unlink.mutate(
      { caseId, kind: k, ref: r },
      {
        onError: (error) =>
          toast({ title: 'Not removed', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <Stack gap="4">
      <Stack gap="2">
        <Text fontWeight="semibold">Alerts ({alerts.data?.length ?? 0})</Text>
        <Table.Root size="sm" aria-label="Alerts of the case">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Alert</Table.ColumnHeader>
              <Table.ColumnHeader>Severity</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {alerts.data?.map((row) => (
              <Table.Row key={row.alert_id}>
                <Table.Cell>
                  <ChakraLink asChild>
                    <Link to={entityPaths.alert(row.alert_id)}>
                      <InertText value={row.alert?.title ?? 'An alert you cannot read'} />
                    </Link>
                  </ChakraLink>
                </Table.Cell>
                <Table.Cell>{row.alert && <SeverityBadge severity={row.alert.severity} />}</Table.Cell>
                <Table.Cell>{row.alert && <StatusBadge status={row.alert.status} />}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="ghost" onClick={() => remove('alert', row.alert_id)}>
                    Remove
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Stack>
      <Stack gap="2">
        <Text fontWeight="semibold">Linked intelligence and assets ({links.data?.length ?? 0})</Text>
        {links.data?.length === 0 && <Text color="fg.muted">Nothing linked yet.</Text>}
        <Stack as="ul" listStyleType="none" gap="1" aria-label="Links of the case">
          {links.data?.map((row) => {
            const to = linkTarget(row.kind, row.ref);
            return (
              <Flex as="li" key={row.id} gap="3" align="center">
                <Text fontSize="sm" color="fg.muted" minWidth="9rem">
                  {KIND_NAMES[row.kind].replace(/ \(.*/, '')}
                </Text>
                {to ? (
                  <ChakraLink asChild>
                    <Link to={to}>
                      <InertText value={row.ref} />
                    </Link>
                  </ChakraLink>
                ) : (
                  <InertText value={row.ref} />
                )}
                <Button size="xs" variant="ghost" onClick={() => remove(row.kind, row.ref)}>
                  Remove
                </Button>
              </Flex>
            );
          })}
        </Stack>
      </Stack>
      <Flex
        as="form"
        gap="2"
        wrap="wrap"
        aria-label="Link to the case"
        onSubmit={(event) => {
          event.preventDefault();
          link.mutate(
            { caseId, kind, ref: ref.trim() },
            {
              onSuccess: () => setRef(''),
              onError: (error) =>
                toast({ title: 'Not linked', description: error.message, variant: 'destructive' }),
            },
          );
        }}
      >
        <NativeSelect.Root size="sm" width="16rem">
          <NativeSelect.Field
            aria-label="What to link"
            value={kind}
            onChange={(event) => setKind(event.target.value as LinkKind)}
          >
            {LINK_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_NAMES[k]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          size="sm"
          flex="1"
          minWidth="14rem"
          aria-label="Its id"
          value={ref}
          maxLength={300}
          onChange={(event) => setRef(event.target.value)}
        />
        <Button size="sm" type="submit" disabled={!ref.trim()} loading={link.isPending}>
          Link
        </Button>
      </Flex>
    </Stack>
  );
}
