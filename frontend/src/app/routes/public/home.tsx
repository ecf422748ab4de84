import { Heading } from '@chakra-ui/react';

export function HomeRoute() {
  return <Heading as="h1">CTI Platform</Heading>;
}
