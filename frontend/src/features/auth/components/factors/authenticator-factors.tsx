/**
 * The Profile's two-factor card for every user: the enrolled authenticator apps (names are the user's
 * own text, shown as text), adding one, and removing one. Removing a verified app asks for a current
 * code first when this session has not given one (the server requires aal2).
 */
import { Badge, Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Factor } from '@supabase/supabase-js';
import { toast } from '@/components/ui/toast';
import { getAssurance } from '@/features/auth/api/get-assurance-level';
import { useFactors } from '@/features/auth/api/list-factors';
import { useUnenrollFactor } from '@/features/auth/api/unenroll-factor';
import { useVerifyFactor } from '@/features/auth/api/verify-factor';
import { formatDateTime } from '@/lib/format/format';
import { FactorCodeForm } from './factor-code-form';
import { FactorEnrolment } from './factor-enrolment';

function FactorRow({ factor, onRemove, busy }: { factor: Factor; onRemove: () => void; busy: boolean }) {
  const verified = factor.status === 'verified';
  return (
    <Flex gap="3" align="center" wrap="wrap" data-testid="factor-row" borderWidth="1px" rounded="md" p="3">
      <Stack gap="0" flex="1" minW="0">
        <Text fontWeight="medium" truncate>
          {factor.friendly_name || 'Authenticator app'}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          Added {formatDateTime(factor.created_at)}
        </Text>
      </Stack>
      <Badge colorPalette={verified ? 'green' : 'orange'}>{verified ? 'Active' : 'Not verified'}</Badge>
      <Button size="sm" variant="outline" colorPalette="red" onClick={onRemove} loading={busy}>
        Remove
      </Button>
    </Flex>
  );
}

export function AuthenticatorFactors() {
  const factors = useFactors();
  const unenroll = useUnenrollFactor();
  const verify = useVerifyFactor();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<Factor | null>(null);

  const remove = async (factor: Factor) => {
    if (factor.status === 'verified' && (await getAssurance()).currentLevel !== 'aal2')
      return setConfirming(factor);
    unenroll.mutate(factor.id, {
      onSuccess: () => toast({ title: 'Authenticator app removed' }),
      onError: (error) => toast({ title: 'Not removed', description: error.message, variant: 'destructive' }),
    });
  };

  if (factors.isPending)
    return (
      <Flex gap="2" align="center" role="status" color="fg.muted">
        <Spinner size="sm" /> Loading your authenticator apps…
      </Flex>
    );
  if (factors.isError)
    return <Text role="alert">Your authenticator apps could not be loaded: {factors.error.message}</Text>;

  // While an app is being added, its own unverified factor is the panel below, not a row.
  const list = adding ? factors.data.filter((f) => f.status === 'verified') : factors.data;
  return (
    <Stack gap="4">
      {list.length === 0 ? (
        <Text>No authenticator app yet: your account signs in with its password alone.</Text>
      ) : (
        <Stack gap="2">
          {list.map((factor) => (
            <FactorRow
              key={factor.id}
              factor={factor}
              busy={unenroll.isPending && unenroll.variables === factor.id}
              onRemove={() => void remove(factor)}
            />
          ))}
        </Stack>
      )}
      {confirming && (
        <Stack gap="2" borderWidth="1px" rounded="md" p="3">
          <Text>
            Enter a current code from “{confirming.friendly_name || 'Authenticator app'}” to remove it.
          </Text>
          <FactorCodeForm
            submitLabel="Verify and remove"
            busy={verify.isPending || unenroll.isPending}
            serverError={verify.error?.message ?? unenroll.error?.message ?? null}
            onCode={(code) =>
              verify.mutate(
                { factorId: confirming.id, code },
                {
                  onSuccess: () =>
                    unenroll.mutate(confirming.id, {
                      onSuccess: () => {
                        setConfirming(null);
                        toast({ title: 'Authenticator app removed' });
                      },
                    }),
                },
              )
            }
          />
          <Button size="sm" variant="ghost" alignSelf="start" onClick={() => setConfirming(null)}>
            Keep it
          </Button>
        </Stack>
      )}
      {adding ? (
        <FactorEnrolment
          onCancel={() => setAdding(false)}
          onDone={() => {
            setAdding(false);
            toast({ title: 'Two-factor authentication is on for your account' });
          }}
        />
      ) : (
        !confirming && (
          <Button alignSelf="start" onClick={() => setAdding(true)}>
            Add an authenticator app
          </Button>
        )
      )}
    </Stack>
  );
}
