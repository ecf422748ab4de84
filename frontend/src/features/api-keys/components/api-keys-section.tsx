/**
 * Profile section "API keys": per-user keys for TAXII 2.1 clients (HTTP Basic: key id and secret).
 * The Profile page renders it as one of its sections.
 */
import { Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { WrappingCode } from '@/components/ui/wrapping-code';
import { loadEnv } from '@/config/env';
import { useApiKeys } from '@/features/api-keys/api/list-api-keys';
import { curlExample, taxiiDiscoveryUrl } from '@/features/api-keys/utils/taxii-example';
import { ApiKeysTable } from './api-keys-table';
import { NewKeyForm } from './new-key-form';

export function ApiKeysSection() {
  const keys = useApiKeys();
  const backendUrl = loadEnv().supabaseUrl;
  const example = keys.data?.find((key) => !key.revoked_at)?.id ?? '<key id>';
  return (
    <Stack gap="4">
      <NewKeyForm />
      {keys.isPending ? (
        <Flex gap="2" align="center" role="status" color="fg.muted">
          <Spinner size="sm" /> Loading your API keys…
        </Flex>
      ) : keys.isError ? (
        <Stack role="alert" gap="2" align="flex-start">
          <Text>Your API keys could not be loaded: {keys.error.message}</Text>
          <Button size="sm" variant="outline" onClick={() => void keys.refetch()}>
            Retry
          </Button>
        </Stack>
      ) : (
        <ApiKeysTable keys={keys.data} />
      )}
      <Stack gap="1">
        <Text fontSize="sm">
          TAXII 2.1 discovery: <WrappingCode>{taxiiDiscoveryUrl(backendUrl)}</WrappingCode>
        </Text>
        <WrappingCode as="pre" fontSize="xs" p="2" whiteSpace="pre-wrap" aria-label="Example request">
          {curlExample(backendUrl, example)}
        </WrappingCode>
      </Stack>
    </Stack>
  );
}
