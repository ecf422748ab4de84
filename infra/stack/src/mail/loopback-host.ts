/**
 * The catcher holds password-reset links. It listens on 127.0.0.1 only, but a web page could still
 * reach it by DNS rebinding (its own name re-pointed at 127.0.0.1 after the page loaded, so the
 * browser treats the answers as same-origin). Such a request names the attacker's host in `Host`;
 * answering only requests addressed to a loopback name closes that path.
 */
const LOOPBACK = /^(localhost|[a-z0-9-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Whether a `Host` header names a loopback address (any port); a request without one is a local tool's. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined || host === '') return true;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return LOOPBACK.test(name);
}
