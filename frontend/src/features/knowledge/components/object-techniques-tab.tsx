/**
 * The ATT&CK techniques an object uses (its own `uses` links), under each tactic in the matrix's order,
 * read with the matrix's own query (only the used rows).
 */
import { Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useMatrixUsage, type MatrixRow } from '@/features/knowledge/api/get-attack-matrix';
import { ObjectLink } from './object-link';

interface ObjectTechniquesTabProps {
  stixId: string;
  onOpenObject?: (stixId: string) => void;
}

export function ObjectTechniquesTab({ stixId, onOpenObject }: ObjectTechniquesTabProps) {
  const ids = useMemo(() => [stixId], [stixId]);
  const usage = useMatrixUsage(ids, false);
  // The rows come in tactic order, by technique id within a tactic.
  const tactics = useMemo(() => {
    const byTactic = new Map<number, { name: string; rows: MatrixRow[] }>();
    for (const row of usage.data ?? []) {
      const tactic = byTactic.get(row.tactic_order) ?? {
        name: row.tactic_name ?? row.tactic_shortname,
        rows: [],
      };
      tactic.rows.push(row);
      byTactic.set(row.tactic_order, tactic);
    }
    return [...byTactic.values()];
  }, [usage.data]);

  if (usage.isPending || usage.isPlaceholderData)
    return <Spinner size="sm" aria-label="Loading the techniques" />;
  if (usage.isError)
    return <Text role="alert">The techniques could not be loaded: {usage.error.message}</Text>;
  const distinct = new Set(usage.data.map((row) => row.technique_stix_id)).size;
  if (distinct === 0)
    return (
      <Text color="fg.muted">
        No ATT&CK technique is linked to it. MISP galaxy clusters carry no technique links: look for the
        ATT&CK object of the same name (its aliases may say which).
      </Text>
    );
  return (
    <Stack gap="4">
      <Text fontSize="sm">
        Uses {distinct} technique{distinct === 1 ? '' : 's'} of ATT&CK Enterprise, under {tactics.length}{' '}
        tactic
        {tactics.length === 1 ? '' : 's'}.
      </Text>
      {tactics.map((tactic) => (
        <Stack key={tactic.name} gap="1" as="section" aria-label={tactic.name}>
          <Heading as="h3" size="xs">
            {tactic.name} ({tactic.rows.length})
          </Heading>
          <Stack as="ul" gap="0.5" listStyleType="none" ps="0" fontSize="sm">
            {tactic.rows.map((row) => (
              <li key={row.technique_stix_id}>
                <Text as="span" color="fg.muted" me="1.5" fontVariantNumeric="tabular-nums">
                  {row.technique_id}
                </Text>
                <ObjectLink stixId={row.technique_stix_id} name={row.technique_name} onOpen={onOpenObject} />
              </li>
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
