/**
 * The fetch the backend client uses: it backs off when the gateway's request limit answers 429.
 *
 * The gateway counts requests per user (100 per 10 s by default) and says in Retry-After when the
 * window frees up. One 429 pauses every request of this tab until then, instead of letting polls
 * and queries keep knocking (each knock would count against the same window), and the refused
 * request is sent again once the pause is over. Other 429s (the sign-in limit of the auth service)
 * are answers for the user, not for us to retry: they pass through untouched.
 */
export const MAX_PAUSE_MS = 15_000;
export const MAX_RETRIES = 2;

type Fetch = typeof fetch;

/** The gateway's own 429 body; the auth service's limits answer with another shape. */
async function isGatewayLimit(response: Response): Promise<boolean> {
  if (response.status !== 429) return false;
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    return body.message === 'Too many requests';
  } catch {
    return false;
  }
}

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  return Math.min(Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000, MAX_PAUSE_MS);
}

function sleep(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

export function rateLimitedFetch(inner: Fetch = (...args) => fetch(...args), now = () => Date.now()): Fetch {
  let pausedUntil = 0;
  return async (input, init) => {
    for (let attempt = 0; ; attempt += 1) {
      const wait = pausedUntil - now();
      if (wait > 0) await sleep(wait, init?.signal);
      const response = await inner(input, init);
      if (attempt >= MAX_RETRIES || !(await isGatewayLimit(response))) return response;
      pausedUntil = Math.max(pausedUntil, now() + retryAfterMs(response));
    }
  };
}
