/** The home page's live figures, read anonymously from the knowledge base (aggregates only). */
import { Box, Skeleton, Text } from '@chakra-ui/react';
import { formatDateTime, formatInteger } from '@/lib/format/format';
import { useSiteFigures, type SiteFigures } from '@/features/public-site/api/get-site-figures';

interface Figure {
  label: string;
  value: (figures: SiteFigures) => string;
  hint?: string;
}

const figureList: Figure[] = [
  { label: 'Known exploited vulnerabilities tracked', value: (f) => formatInteger(f.kev_entries) },
  { label: 'ATT&CK techniques on the matrix', value: (f) => formatInteger(f.attack_techniques) },
  {
    label: 'Indicators of compromise',
    value: (f) => formatInteger(f.indicators_rounded),
    hint: 'Rounded down to hundreds',
  },
  { label: 'Intelligence sources enabled', value: (f) => formatInteger(f.sources_enabled) },
  {
    label: 'Last successful import',
    value: (f) => formatDateTime(f.last_import_at) ?? 'None yet',
  },
];

export function SiteFigures() {
  const { data, isError } = useSiteFigures();
  if (isError)
    return <Text color="fg.muted">The live figures could not be loaded. Please try again later.</Text>;
  return (
    <Box
      as="dl"
      display="grid"
      gap="4"
      gridTemplateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(5, 1fr)' }}
      aria-busy={data === undefined}
    >
      {figureList.map((figure) => (
        <Box
          key={figure.label}
          borderWidth="1px"
          borderRadius="md"
          p="4"
          display="flex"
          flexDirection="column-reverse"
          gap="1"
        >
          <Text as="dt" fontSize="sm" color="fg.muted">
            {figure.label}
            {figure.hint && (
              <Text as="span" display="block" fontSize="xs">
                {figure.hint}
              </Text>
            )}
          </Text>
          <Skeleton as="dd" loading={data === undefined} minH="8">
            <Text
              fontSize={figure.label.startsWith('Last') ? 'md' : '2xl'}
              fontWeight="bold"
              data-figure={figure.label}
            >
              {data ? figure.value(data) : '—'}
            </Text>
          </Skeleton>
        </Box>
      ))}
    </Box>
  );
}
