/**
 * The server's refusals of exclusion writes, in words: a bad value or reason, or a list or entry gone
 * meanwhile (22023), and a taken name or a value already held (23505) arrive as plain sentences; a
 * missing right (42501) is said here. A refusal would be refused again, so it is not retried.
 */
import { QUERY } from '@/config/constants';

export class ExclusionRefusal extends Error {
  override name = 'ExclusionRefusal';
}

interface ServerError {
  code?: string;
  message: string;
}

export function exclusionError(error: ServerError): Error {
  switch (error.code) {
    case '22023':
    case '23505':
      return new ExclusionRefusal(error.message);
    case '42501':
      return new ExclusionRefusal(
        /admin privileges/i.test(error.message)
          ? 'Only an administrator signed in with a second factor manages exclusion lists.'
          : error.message,
      );
    default:
      return new Error(error.message);
  }
}

export function retryUnlessRefused(failureCount: number, error: Error): boolean {
  return !(error instanceof ExclusionRefusal) && failureCount < QUERY.mutationRetries;
}
