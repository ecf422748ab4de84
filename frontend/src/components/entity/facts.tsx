/** A definition list of an entity's facts: label, then value; missing values say so. */
import { Box, Grid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function Facts({ items }: { items: readonly [label: string, value: ReactNode][] }) {
  return (
    <Grid as="dl" templateColumns="minmax(8rem, auto) 1fr" columnGap="4" rowGap="2" fontSize="sm">
      {items.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" color="fg.muted">
            {label}
          </Text>
          <Box as="dd" minWidth="0">
            {value ?? <Text color="fg.muted">—</Text>}
          </Box>
        </Box>
      ))}
    </Grid>
  );
}
