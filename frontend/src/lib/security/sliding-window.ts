/**
 * Counts events in a sliding time window and says when the count first goes above the limit. It fires
 * once per burst: it re-arms only after the count has fallen back to the limit, so a sustained flood is
 * one report, not one per request.
 */
export interface SlidingWindow {
  /** Records an event; true exactly when this event takes the count above the limit. */
  hit(now?: number): boolean;
  /** Drops timestamps older than the window (the periodic cleanup). */
  prune(now?: number): void;
  count(now?: number): number;
}

export function createSlidingWindow(max: number, windowMs: number): SlidingWindow {
  let times: number[] = [];
  let armed = true;
  const prune = (now: number) => {
    const oldest = now - windowMs;
    if (times.length > 0 && times[0]! <= oldest) times = times.filter((t) => t > oldest);
    if (times.length <= max) armed = true;
  };
  return {
    hit(now = Date.now()) {
      prune(now);
      times.push(now);
      if (armed && times.length > max) {
        armed = false;
        return true;
      }
      return false;
    },
    prune: (now = Date.now()) => prune(now),
    count(now = Date.now()) {
      prune(now);
      return times.length;
    },
  };
}
