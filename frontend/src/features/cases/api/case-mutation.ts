/** Every case change is a checked database function; afterwards the cases' queries are read again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { caseKeys } from './keys';

export function useCaseMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: caseKeys.all }),
  });
}

/** The server's refusal in its own words. */
export function refusal(error: { message: string } | null): void {
  if (error) throw new Error(error.message);
}
