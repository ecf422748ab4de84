/**
 * Keys next to each other on the three layouts dnstwist models (qwerty, qwertz, azerty), for the
 * typo families (insertion, replacement). Rather than hand-typing a neighbour table per layout we
 * describe each layout by its four rows of letter and digit keys and derive the neighbours from the
 * usual half-key stagger: key `i` of a row sits below keys `i` and `i + 1` of the row above. Keys that
 * cannot appear in a host name (`;`, `,`, `-` on the number row) are simply absent from the rows.
 */
export const KEYBOARD_LAYOUTS = {
  qwerty: ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'],
  qwertz: ['1234567890', 'qwertzuiop', 'asdfghjkl', 'yxcvbnm'],
  azerty: ['1234567890', 'azertyuiop', 'qsdfghjklm', 'wxcvbn'],
} as const satisfies Record<string, readonly string[]>;

export type KeyboardLayout = keyof typeof KEYBOARD_LAYOUTS;

function layoutNeighbours(rows: readonly string[]): Map<string, string[]> {
  const neighbours = new Map<string, string[]>();
  rows.forEach((row, r) => {
    const above = rows[r - 1] ?? '';
    const below = rows[r + 1] ?? '';
    [...row].forEach((key, i) => {
      const around = [row[i - 1], row[i + 1], above[i], above[i + 1], below[i - 1], below[i]];
      neighbours.set(
        key,
        around.filter((k): k is string => k !== undefined && k !== ''),
      );
    });
  });
  return neighbours;
}

export const NEIGHBOURS_BY_LAYOUT: Readonly<Record<KeyboardLayout, ReadonlyMap<string, readonly string[]>>> =
  {
    qwerty: layoutNeighbours(KEYBOARD_LAYOUTS.qwerty),
    qwertz: layoutNeighbours(KEYBOARD_LAYOUTS.qwertz),
    azerty: layoutNeighbours(KEYBOARD_LAYOUTS.azerty),
  };

const union = new Map<string, string[]>();
for (const layout of Object.values(NEIGHBOURS_BY_LAYOUT)) {
  for (const [key, keys] of layout) {
    const merged = union.get(key) ?? [];
    for (const k of keys) if (!merged.includes(k)) merged.push(k);
    union.set(key, merged);
  }
}

/** Neighbours of `key` on any of the three layouts, each once, in a fixed order; `[]` for other characters. */
export function keyboardNeighbours(key: string): readonly string[] {
  return union.get(key) ?? [];
}
