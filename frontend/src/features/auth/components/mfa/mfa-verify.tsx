/** Second factor for an admin whose TOTP is active but not yet verified in this session (mfa_required). */
import { Card, Center, Heading, Text } from '@chakra-ui/react';
import { toast } from '@/components/ui/toast';
import { MfaCodeForm } from './mfa-code-form';

export function MfaVerify() {
  return (
    <Center p="8">
      <Card.Root maxW="md" w="full">
        <Card.Header>
          <Heading as="h1" size="lg">
            Two-factor verification
          </Heading>
        </Card.Header>
        <Card.Body gap="4">
          <Text>Administrator access needs a second factor for this session.</Text>
          <MfaCodeForm
            allowBackupCode
            submitLabel="Verify"
            onVerified={(result) => {
              if (result.backupCodeUsed) {
                toast({
                  title: 'Backup code used',
                  description: `Backup codes remaining: ${result.remainingBackupCodes ?? 0}.`,
                });
              }
            }}
          />
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
