/** The watches table's checks, so a form refuses what the database would. */
export const WATCH_VALUE_MIN = 2;
export const WATCH_VALUE_MAX = 253;
export const NOTE_MAX = 500;
