/** What global-setup hands to every API check: the target and the suite's own users. */
import { inject } from 'vitest';
import type { Persona, PersonaName } from '../lib/personas.js';
import type { StackTarget } from '../lib/target.js';

export interface SuiteContext {
  target: StackTarget;
  personas: Record<PersonaName, Persona>;
  runId: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    suite: SuiteContext;
  }
}

export function suite(): SuiteContext {
  return inject('suite');
}
