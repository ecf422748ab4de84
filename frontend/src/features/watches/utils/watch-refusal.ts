/**
 * A watch that cannot be added as asked (not a domain, already watched): the same request would be
 * refused again, so the mutation does not retry it and the words reach the analyst at once.
 */
import { QUERY } from '@/config/constants';

export class WatchRefusal extends Error {
  override name = 'WatchRefusal';
}

/** The app's one mutation retry, for failures that may pass the second time only. */
export function retryUnlessRefused(failureCount: number, error: Error): boolean {
  return !(error instanceof WatchRefusal) && failureCount < QUERY.mutationRetries;
}
