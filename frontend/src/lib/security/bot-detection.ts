/**
 * The bot check (SPEC §9: 2 or more of 5 indicators). A weak, evadable signal kept as telemetry
 * (reference/security.md §4.5); Playwright-driven browsers trip it on purpose, which is fine because it
 * only reports and never blocks. The five indicators:
 * 1. webdriver: navigator.webdriver is true (WebDriver, Playwright, Puppeteer);
 * 2. no_languages: navigator.languages missing or empty;
 * 3. headless_user_agent: the user agent says HeadlessChrome / headless / PhantomJS;
 * 4. no_plugins: navigator.plugins is empty (desktop browsers list their built-in PDF viewer);
 * 5. zero_window_size: window.outerWidth and outerHeight are 0 (no real window).
 */
import { SECURITY_MONITOR } from '@/config/constants';

export type BotIndicator =
  'webdriver' | 'no_languages' | 'headless_user_agent' | 'no_plugins' | 'zero_window_size';

export interface BotCheckEnvironment {
  navigator: Pick<Navigator, 'webdriver' | 'languages' | 'userAgent' | 'plugins'>;
  window: Pick<Window, 'outerWidth' | 'outerHeight'>;
}

export function detectBotIndicators(env: BotCheckEnvironment): BotIndicator[] {
  const { navigator: nav, window: win } = env;
  const found: BotIndicator[] = [];
  if (nav.webdriver === true) found.push('webdriver');
  if (!nav.languages || nav.languages.length === 0) found.push('no_languages');
  if (/headless|phantomjs/i.test(nav.userAgent ?? '')) found.push('headless_user_agent');
  if (!nav.plugins || nav.plugins.length === 0) found.push('no_plugins');
  if (win.outerWidth === 0 && win.outerHeight === 0) found.push('zero_window_size');
  return found;
}

export function isLikelyBot(indicators: readonly BotIndicator[]): boolean {
  return indicators.length >= SECURITY_MONITOR.botIndicatorThreshold;
}
