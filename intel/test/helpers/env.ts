import { inject } from 'vitest';

export interface IntelTestEnv {
  workdir: string;
  apiUrl: string;
  dbUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    intelEnv: IntelTestEnv;
  }
}

export const intelEnv = (): IntelTestEnv => inject('intelEnv');
