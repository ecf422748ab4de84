/** What a table shows instead of rows: loading, an error in plain words with Retry, or nothing found. */
import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { DataTableStatus } from './types';

interface TableStateProps {
  status: DataTableStatus;
  empty: boolean;
  emptyMessage: string;
  errorMessage?: string;
  onRetry?: () => void;
}

/** null when the rows themselves should be shown. */
export function TableState({ status, empty, emptyMessage, errorMessage, onRetry }: TableStateProps) {
  if (status === 'pending') {
    return (
      <Center role="status" py="10" gap="3" color="fg.muted">
        <Spinner size="sm" />
        <Text>Loading…</Text>
      </Center>
    );
  }
  if (status === 'error') {
    return (
      <Stack role="alert" align="center" py="10" gap="3">
        <Text>{errorMessage ?? 'The rows could not be loaded.'}</Text>
        {onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Stack>
    );
  }
  if (empty) {
    return (
      <Center role="status" py="10" color="fg.muted">
        <Text>{emptyMessage}</Text>
      </Center>
    );
  }
  return null;
}
