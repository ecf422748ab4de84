import { describe, expect, it } from 'vitest';
import { SECURITY_MONITOR } from '@/config/constants';
import { detectBotIndicators, isLikelyBot, type BotCheckEnvironment } from './bot-detection';

const person: BotCheckEnvironment = {
  navigator: {
    webdriver: false,
    languages: ['en-GB', 'en'],
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    plugins: { length: 5 } as PluginArray,
  },
  window: { outerWidth: 1440, outerHeight: 900 },
};

describe('bot check', () => {
  it('finds nothing in an ordinary browser', () => {
    expect(detectBotIndicators(person)).toEqual([]);
  });

  it('names each of the five indicators', () => {
    const headless: BotCheckEnvironment = {
      navigator: {
        webdriver: true,
        languages: [],
        userAgent: 'Mozilla/5.0 HeadlessChrome/130.0',
        plugins: { length: 0 } as PluginArray,
      },
      window: { outerWidth: 0, outerHeight: 0 },
    };
    const found = detectBotIndicators(headless);
    expect(found).toEqual([
      'webdriver',
      'no_languages',
      'headless_user_agent',
      'no_plugins',
      'zero_window_size',
    ]);
    expect(found).toHaveLength(SECURITY_MONITOR.botIndicatorCount);
  });

  it(`needs ${SECURITY_MONITOR.botIndicatorThreshold} or more indicators`, () => {
    const one = detectBotIndicators({ ...person, navigator: { ...person.navigator, webdriver: true } });
    expect(isLikelyBot(one)).toBe(false);
    const two = detectBotIndicators({
      navigator: { ...person.navigator, webdriver: true, plugins: { length: 0 } as PluginArray },
      window: person.window,
    });
    expect(isLikelyBot(two)).toBe(true);
  });
});
