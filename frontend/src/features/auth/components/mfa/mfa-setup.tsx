/**
 * Admin two-factor enrolment (mfa_setup_required): a secret made here, shown as QR code and otpauth URI,
 * stored pending by setup_admin_totp (which answers the backup codes once), then activated by a first code.
 * Coming back with an enrolment still pending, the admin is told and may finish it (MfaPendingSetup).
 */
import { Alert, Button, Card, Center, Code, Heading, Image, Stack, Text } from '@chakra-ui/react';
import QRCode from 'qrcode';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { buildOtpauthUri, generateTotpSecret } from '@/features/auth/utils/totp-secret';
import { BackupCodes } from './backup-codes';
import { MfaCodeForm } from './mfa-code-form';
import { MfaPendingSetup } from './mfa-pending-setup';
import { PRODUCT } from '@/config/constants';

interface Enrolment {
  secret: string;
  uri: string;
  qrDataUrl: string | null;
  backupCodes: string[];
}

async function qrDataUrl(uri: string): Promise<string | null> {
  try {
    const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  } catch {
    return null; // the URI and the secret below are enough to enrol by hand
  }
}

export function MfaSetup() {
  const { user, adminValidation, requireMfaSetup } = useAuth();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const secret = generateTotpSecret();
      const uri = buildOtpauthUri(user?.email ?? user?.id ?? 'admin', secret);
      const { backupCodes } = await requireMfaSetup(secret);
      setEnrolment({ secret, uri, backupCodes, qrDataUrl: await qrDataUrl(uri) });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'MFA setup failed');
    } finally {
      setBusy(false);
    }
  };

  const activated = () => {
    setEnrolment(null);
    toast({ title: 'Two-factor authentication is on' });
  };
  const pendingSince =
    adminValidation?.reason === 'mfa_setup_required' ? adminValidation.pendingSince : undefined;

  return (
    <Center p="8">
      <Card.Root maxW="lg" w="full">
        <Card.Header>
          <Heading as="h1" size="lg">
            Set up two-factor authentication
          </Heading>
        </Card.Header>
        <Card.Body gap="5">
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          {!enrolment && pendingSince ? (
            <MfaPendingSetup
              since={pendingSince}
              starting={busy}
              onStartAgain={() => void start()}
              onVerified={activated}
            />
          ) : !enrolment ? (
            <Stack gap="4">
              <Text>Administrator access needs an authenticator app (TOTP). Setting up takes a minute.</Text>
              <Button onClick={() => void start()} loading={busy} loadingText="Preparing" alignSelf="start">
                Start setup
              </Button>
            </Stack>
          ) : (
            <Stack gap="5">
              <Text>1. Scan this QR code with your authenticator app, or enter the key by hand.</Text>
              {enrolment.qrDataUrl && (
                <Image
                  src={enrolment.qrDataUrl}
                  alt={`QR code for adding the ${PRODUCT.name} to your authenticator app`}
                  boxSize="200px"
                  bg="white"
                />
              )}
              <Stack gap="1">
                <Text fontSize="sm">Key</Text>
                <Code wordBreak="break-all">{enrolment.secret}</Code>
                <Text fontSize="sm">Setup link</Text>
                <Code wordBreak="break-all" data-testid="otpauth-uri">
                  {enrolment.uri}
                </Code>
              </Stack>
              <BackupCodes codes={enrolment.backupCodes} />
              <Text>2. Enter the code your app shows to switch two-factor authentication on.</Text>
              <MfaCodeForm allowBackupCode={false} submitLabel="Activate" onVerified={activated} />
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
