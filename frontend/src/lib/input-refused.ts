/**
 * The error a query throws instead of asking the server a question it would refuse (a search text
 * over its box's limit). Its own module, without zod: the query client, in every public page's
 * entry, checks for it, and zod (24 KB compressed) belongs to the platform's chunks.
 */

/** Thrown instead of asking the server a question it would refuse; queries do not retry it. */
export class InputRefused extends Error {
  override name = 'InputRefused';
  readonly refused = true;
}

export function isInputRefused(error: unknown): error is InputRefused {
  return error instanceof InputRefused;
}
