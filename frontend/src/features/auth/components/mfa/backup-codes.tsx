/** The ten backup codes, shown once after setup, with copy and download (.txt). */
import { Button, Code, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PRODUCT } from '@/config/constants';

export const BACKUP_CODES_FILE_NAME = 'cti-platform-backup-codes.txt';

function download(codes: string[]) {
  const text = `${PRODUCT.name} admin backup codes (each works once)\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = BACKUP_CODES_FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

export function BackupCodes({ codes }: { codes: string[] }) {
  const [status, setStatus] = useState<string>('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setStatus('Backup codes copied.');
    } catch {
      setStatus('Copying is not available here; download the codes or write them down.');
    }
  };
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">Backup codes</Text>
      <Text fontSize="sm" color="fg.muted">
        Each code works once if you lose your authenticator. They are shown only now: store them safely.
      </Text>
      <SimpleGrid as="ul" columns={2} gap="2" listStyleType="none" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>
            <Code>{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <HStack>
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button size="sm" variant="outline" onClick={() => download(codes)}>
          Download .txt
        </Button>
      </HStack>
      <Text fontSize="sm" role="status">
        {status}
      </Text>
    </Stack>
  );
}
