/**
 * A text box whose value is committed (to the URL) after a pause in typing, and that follows the
 * committed value when it changes elsewhere (Back, a shared link). `normalise` maps what was typed to
 * what is committed (e.g. refanged), so typing that normalises to the same value commits nothing.
 */
import { useEffect, useRef, useState } from 'react';

export const TYPING_PAUSE_MS = 250;

export function useDebouncedInput(
  committed: string,
  commit: (value: string) => void,
  { delayMs = TYPING_PAUSE_MS, normalise = (value: string) => value } = {},
) {
  const [text, setText] = useState(committed);
  const [following, setFollowing] = useState(committed);
  // What this box committed last. When the committed value arrives as that, the box keeps what was typed
  // since: replacing it would drop the keys typed while the URL caught up, or show a trimmed or refanged
  // form instead of the text the analyst wrote.
  const [ownCommit, setOwnCommit] = useState<string | null>(null);
  // Adjusting state while rendering (not in an effect) when the committed value moves underneath.
  if (committed !== following) {
    setFollowing(committed);
    if (committed !== ownCommit) setText(committed);
  }
  const latest = useRef({ commit, normalise });
  useEffect(() => {
    latest.current = { commit, normalise };
  });
  useEffect(() => {
    const next = latest.current.normalise(text);
    if (next === committed) return;
    const timer = setTimeout(() => {
      setOwnCommit(next);
      latest.current.commit(next);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, committed, delayMs]);
  return [text, setText] as const;
}
