/** "Show more" under a paged list, or the reason nothing more can be shown. */
import { Button, Text } from '@chakra-ui/react';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  label: string;
}

export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage, label }: LoadMoreProps) {
  if (!hasNextPage)
    return (
      <Text fontSize="sm" color="fg.muted">
        That is everything.
      </Text>
    );
  return (
    <Button
      variant="outline"
      alignSelf="start"
      loading={isFetchingNextPage}
      onClick={() => void fetchNextPage()}
    >
      {label}
    </Button>
  );
}
