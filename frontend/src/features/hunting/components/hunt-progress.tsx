/** The hunt under way: a bar of values checked and a cancel. */
import { Box, Button, Flex } from '@chakra-ui/react';
import { CountProgress } from '@/components/ui/count-progress';
import type { HuntProgress as Progressing } from '@/features/hunting/hooks/use-hunt-runner';

export function HuntProgress({ progress, onCancel }: { progress: Progressing; onCancel: () => void }) {
  return (
    <Flex gap="3" align="center">
      <Box flex="1">
        <CountProgress step="Checked" done={progress.checked} total={progress.total} />
      </Box>
      <Button size="sm" variant="outline" onClick={onCancel}>
        Cancel hunt
      </Button>
    </Flex>
  );
}
