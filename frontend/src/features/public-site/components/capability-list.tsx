/** What the platform does, one short block per capability, as the home page lists them. */
import { Box, Heading, Text } from '@chakra-ui/react';

export interface Capability {
  title: string;
  text: string;
}

export function CapabilityList({ items }: { items: readonly Capability[] }) {
  return (
    <Box
      as="ul"
      listStyleType="none"
      display="grid"
      gap="4"
      gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}
    >
      {items.map((item) => (
        <Box as="li" key={item.title} borderWidth="1px" borderRadius="md" p="4">
          <Heading as="h3" size="md" mb="2">
            {item.title}
          </Heading>
          <Text fontSize="sm">{item.text}</Text>
        </Box>
      ))}
    </Box>
  );
}
