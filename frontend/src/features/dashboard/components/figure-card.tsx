/** A key figure: the number large, what it counts, and a link to the page filtered to exactly it. */
import { LinkBox, LinkOverlay, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { formatInteger } from '@/lib/format/format';

interface FigureCardProps {
  label: string;
  value: number | undefined;
  to: string;
  hint?: string;
  tone?: 'critical' | 'neutral';
  /** An estimate (counts past 100,000 are the planner's): shown with "≈". */
  approximate?: boolean;
}

export function FigureCard({
  label,
  value,
  to,
  hint,
  tone = 'neutral',
  approximate = false,
}: FigureCardProps) {
  return (
    <LinkBox as="article" borderWidth="1px" borderRadius="md" p="4" _hover={{ bg: 'bg.muted' }}>
      <Stack gap="1">
        <Skeleton loading={value === undefined} minHeight="9">
          <Text
            fontSize="3xl"
            fontWeight="bold"
            lineHeight="short"
            color={tone === 'critical' && value ? 'severity.critical' : 'fg'}
          >
            {approximate ? '≈ ' : ''}
            {formatInteger(value)}
          </Text>
        </Skeleton>
        <LinkOverlay asChild>
          <Link to={to}>{label}</Link>
        </LinkOverlay>
        {hint && (
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        )}
      </Stack>
    </LinkBox>
  );
}
