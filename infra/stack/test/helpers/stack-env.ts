/** URLs and keys of the stack the conformance tests run against (provided by global-setup.ts). */
import { inject } from 'vitest';

export interface StackEnv {
  workdir: string;
  apiUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  jwtSecret: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stackEnv: StackEnv;
  }
}

export function stackEnv(): StackEnv {
  return inject('stackEnv');
}
