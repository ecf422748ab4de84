/**
 * The few Deno APIs that the preload script and the fixture's edge functions use, declared for the
 * stack's Node-typed TypeScript program. Deno never reads this file; it has its own types.
 */
declare namespace Deno {
  const pid: number;
  /** Read live: it changes when the parent dies and the process is re-parented. */
  const ppid: number;
  function exit(code?: number): never;
  /** Lets a timer run without keeping the process alive. */
  function unrefTimer(id: unknown): void;
  const env: {
    get(key: string): string | undefined;
    delete(key: string): void;
    toObject(): Record<string, string>;
  };
  type ServeHandler = (request: Request) => Response | Promise<Response>;
  function serve(handler: ServeHandler): unknown;
  function serve(options: Record<string, unknown>, handler: ServeHandler): unknown;
}
