/**
 * A marking less restrictive than what the briefing names would share intelligence beyond what its
 * sources allow: say so (the analyst decides; a summary may be sanitised enough to share wider).
 */
import { Flex, Text } from '@chakra-ui/react';
import { LuTriangleAlert } from 'react-icons/lu';
import { tlpLabel, type TlpLevel } from '@/components/intel/tlp-badge';
import { isLessRestrictive } from '@/components/intel/tlp-marking';

export function TlpWarning({ chosen, highest }: { chosen: TlpLevel; highest: TlpLevel | null }) {
  if (!highest || !isLessRestrictive(chosen, highest)) return null;
  return (
    <Flex role="status" gap="2" align="center" color="fg.warning" fontSize="sm">
      <LuTriangleAlert aria-hidden="true" />
      <Text>
        This briefing names intelligence marked {tlpLabel(highest)}: marking it {tlpLabel(chosen)} shares it
        more widely than its sources allow.
      </Text>
    </Flex>
  );
}
