// Types of the set-up helpers for the TypeScript tools that reuse them (the intel tests, the bench).
export const ROOT: string;
export function run(command: string, args: string[], options?: Record<string, unknown>): number;
export function ensureNodeModules(): boolean;
export function hasPostgres(): boolean;
export function ensurePostgres(): void;
export function ensureTestTools(): void;
export const CHROMIUM: string;
export function ensureChromium(): void;
export function stackCli(args: string[], options?: Record<string, unknown>): number;
export function makeProjectTestWorkdir(
  dir: string,
  apiPort: number,
  dbPort: number,
  webPort?: number,
): string;
export function ensureFrontendBuild(): boolean;
