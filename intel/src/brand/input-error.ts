/** A watched domain (or an option) that no lookalike can be generated for; the message says why. */
export class LookalikeInputError extends Error {
  override readonly name = 'LookalikeInputError';
}
