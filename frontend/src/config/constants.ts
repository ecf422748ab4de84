/** Every number of SPEC.md §9 (and the other timings of the spec), named once. Tests import these. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const SESSION = {
  inactivityTimeoutMs: 15 * MINUTE,
  activityDebounceMs: 1 * SECOND,
  /** Admin validation is re-run this long after a user appears (SPEC §4 "shortly afterwards"). */
  adminRevalidateDelayMs: 100,
} as const;

export const TOASTS = {
  limit: 1,
  defaultDurationMs: 5 * SECOND,
  swipeThresholdPx: 50,
  removeDelayMs: 1_000_000,
} as const;

export const LOGS = {
  maxEntries: 100,
  retentionMs: 7 * DAY,
  maxErrorEntries: 50,
  errorRetentionMs: 7 * DAY,
  debugFlagMs: 24 * HOUR,
} as const;

export const SECURE_STORAGE = { prefix: 'kg_secure_' } as const;

export const TOTP = { secretLength: 32, setupPlaceholderCode: '000000' } as const;

export const ALERTS = { windowMs: 24 * HOUR, refreshMs: 30 * SECOND } as const;

export const HEALTH = { checkIntervalMs: 60 * SECOND, realtimeWaitMs: 2 * SECOND } as const;

export const PERFORMANCE = {
  reportIntervalMs: 60 * SECOND,
  firstRunDelayMs: 2 * SECOND,
  keptSamples: 5,
  criticalDomContentLoadedMs: 5 * SECOND,
  criticalLoadCompleteMs: 10 * SECOND,
  slowResourceMs: 1 * SECOND,
  criticalSlowResourceCount: 5,
  longTaskMs: 200,
  maxLongTasks: 10,
} as const;

export const SECURITY_MONITOR = {
  maxRequests: 100,
  requestWindowMs: 10 * SECOND,
  maxNavigations: 50,
  navigationWindowMs: 30 * SECOND,
  botIndicatorThreshold: 2,
  botIndicatorCount: 5,
  devToolsThresholdPx: 160,
  devToolsCheckMs: 500,
  cleanupMs: 60 * SECOND,
  hstsMaxAgeSeconds: 365 * 24 * 3600,
} as const;

export const SIDEBAR = {
  widthRem: 16,
  mobileWidthRem: 18,
  collapsedWidthRem: 3,
  cookieName: 'sidebar_state',
  cookieMaxAgeSeconds: 7 * 24 * 3600,
  mobileBreakpointPx: 1024,
  shortcutKey: 'b',
} as const;

export const QUERY = {
  staleTimeMs: 5 * MINUTE,
  gcTimeMs: 10 * MINUTE,
  retries: 3,
  retryBaseMs: 1 * SECOND,
  retryMaxMs: 30 * SECOND,
  mutationRetries: 1,
} as const;

export const TOOLTIP = { openDelayMs: 700, skipDelayMs: 300 } as const;

export const SCROLL_AREA = { hideDelayMs: 600, minThumbPx: 18 } as const;

export const BACKEND = { realtimeTimeoutMs: 10_000, heartbeatMs: 25 * SECOND } as const;

export const THEME = { storageKey: 'vite-ui-theme', defaultTheme: 'dark' } as const;

/** One name everywhere: header, tab titles, the TOTP issuer, exports (SPEC §1 presents it so). */
export const PRODUCT = { name: 'Quantum Intelligence Platform' } as const;

/**
 * The longest text each search box takes, matching what its server function accepts (longer is refused
 * there too). Past it the search is refused with a message naming the limit, never silently dropped.
 */
export const SEARCH_LIMITS = {
  indicators: 500,
  vulnerabilities: 200,
  knowledge: 200,
  unified: 200,
  users: 200,
  leakPosts: 200,
  lookalikes: 253,
} as const;
