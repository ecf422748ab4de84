/** The page geometry and colours the briefing PDF is drawn with (points, A4 portrait). */
export const PAGE = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 40;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** The TLP band at the top and bottom of every page. */
export const BANNER_HEIGHT = 22;
export const CONTENT_TOP = BANNER_HEIGHT + 28;
/** Room kept above the bottom band for the footer line. */
export const CONTENT_BOTTOM = PAGE.height - BANNER_HEIGHT - 30;

export const INK = '#1A202C';
export const MUTED = '#4A5568';
export const RULE = '#CBD5E0';
export const CURRENT_BAR = '#2B6CB0';
export const PREVIOUS_BAR = '#A0AEC0';
