/** A value read as one indicator type: its canonical text, or why it is not one. */
export type Canonical =
  /** `note`: the value was changed in a way its sender should hear of (a range's host bits). */
  { ok: true; value: string; note?: string } | { ok: false; reason: string };
