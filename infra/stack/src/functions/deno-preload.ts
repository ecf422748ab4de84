/**
 * Runs inside every edge function's Deno process before the function (`deno run --preload`).
 * The process exits as soon as the gateway that started it is gone: a gateway killed with SIGKILL
 * cannot stop its children, and Linux re-parents orphans, so a changed `Deno.ppid` means "orphaned".
 * Polling the parent id needs no permission and no stdin, and works even while the function's
 * own module is still loading (an unref'd timer does not keep the process alive or delay the load).
 */
const gatewayPid = Number(Deno.env.get('STACK_GATEWAY_PID') ?? Deno.ppid);
Deno.env.delete('STACK_GATEWAY_PID');

const watch = setInterval(() => {
  if (Deno.ppid !== gatewayPid) Deno.exit(0);
}, 500);
Deno.unrefTimer(watch);

export {};
