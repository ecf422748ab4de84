/** `k6/timers`: the event-loop timers, Node's own. */
export const setTimeout = globalThis.setTimeout;
export const clearTimeout = globalThis.clearTimeout;
export const setInterval = globalThis.setInterval;
export const clearInterval = globalThis.clearInterval;
export default { setTimeout, clearTimeout, setInterval, clearInterval };
