/** The fixed 'SECURE' status tile of the side navigation (SPEC §1). */
import { Flex, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuShieldCheck } from 'react-icons/lu';

export function SecureStatusTile({ collapsed }: { collapsed: boolean }) {
  return (
    <Flex
      align="center"
      justify={collapsed ? 'center' : 'flex-start'}
      gap="2"
      px={collapsed ? '0' : '3'}
      py="2"
      borderRadius="md"
      borderWidth="1px"
      borderColor="status.healthy"
      color="status.healthy"
      data-testid="secure-status-tile"
    >
      <LuShieldCheck aria-hidden="true" />
      {collapsed ? (
        <VisuallyHidden>SECURE</VisuallyHidden>
      ) : (
        <Text fontSize="xs" fontWeight="bold" letterSpacing="widest">
          SECURE
        </Text>
      )}
    </Flex>
  );
}
