/**
 * A platform page's title (its one h1) and, under it, what the page is for in a sentence or two.
 * `aside` sits beside the title: a live badge, a count, a help toggle.
 */
import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PageHeadingProps {
  title: string;
  /** What the page is for, muted under the title. */
  children?: ReactNode;
  aside?: ReactNode;
}

export function PageHeading({ title, children, aside }: PageHeadingProps) {
  const heading = (
    <Heading as="h1" size="2xl">
      {title}
    </Heading>
  );
  return (
    <Stack gap="1">
      {aside ? (
        <Flex align="baseline" gap="3" wrap="wrap">
          {heading}
          {aside}
        </Flex>
      ) : (
        heading
      )}
      {children && <Text color="fg.muted">{children}</Text>}
    </Stack>
  );
}
