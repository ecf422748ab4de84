/**
 * What a person can do about a refused import. The importer states the reason; each surface adds
 * its own way out: the CLI names its flags, the app names its form fields. So a message shown in
 * the app never asks for a command-line flag, and what the CLI prints stays as it was.
 */

export type Remedy = 'name-the-format';

export type Surface = 'cli' | 'app';

const WORDS: Record<Surface, Record<Remedy, string>> = {
  cli: { 'name-the-format': 'name it with --format' },
  app: { 'name-the-format': 'choose its format in the upload form and import it again' },
};

/** The reason with the surface's remedy, as one sentence. */
export function withRemedy(reason: string, remedy: Remedy | undefined, surface: Surface): string {
  return remedy ? `${reason}; ${WORDS[surface][remedy]}` : reason;
}
