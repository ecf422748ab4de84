import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SECURE_STORAGE } from '@/config/constants';
import { clearLogs, recentLogEntries } from './logger';
import { REFUSED_KEY_WORDS, isRefusedKey, secureStorage } from './secure-storage';
import { MASKS, maskSensitiveText, maskSensitiveValue, passesLuhn } from './sensitive-data-mask';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  clearLogs();
});
afterEach(() => vi.restoreAllMocks());

describe('secure storage keys', () => {
  const refused = [
    ...REFUSED_KEY_WORDS,
    'userPassword',
    'PRIVATE-KEY',
    'privateKey',
    'refreshJwt',
    'sessionToken',
    'apiKey',
    'x-auth-token',
    'awsCredentials',
    'userSsn',
    'socialSecurityNumber',
    'totp_secret',
  ];

  it.each(refused)('refuses %s, logs it and never stores it', (key) => {
    expect(secureStorage.set(key, 'value')).toBe(false);
    expect(Object.keys(sessionStorage)).toEqual([]);
    expect(recentLogEntries().at(-1)).toMatchObject({ level: 'warn', component: 'secure-storage' });
  });

  it.each(['theme', 'sidebarState', 'lastSearch', 'alertFilters'])('accepts %s', (key) => {
    expect(isRefusedKey(key)).toBe(false);
  });

  it('stores under the prefix in sessionStorage only', () => {
    expect(secureStorage.set('filters', { severity: 'high' })).toBe(true);
    expect(sessionStorage.getItem(`${SECURE_STORAGE.prefix}filters`)).toBe('{"severity":"high"}');
    expect(localStorage.getItem(`${SECURE_STORAGE.prefix}filters`)).toBeNull();
    expect(secureStorage.get('filters')).toEqual({ severity: 'high' });
    expect(secureStorage.keys()).toEqual(['filters']);
  });

  it('get, remove and clear touch only prefixed keys', () => {
    sessionStorage.setItem('filters', '"foreign"');
    secureStorage.set('filters', 'ours');
    secureStorage.set('other', 1);
    expect(secureStorage.get('filters')).toBe('ours');
    secureStorage.remove('filters');
    expect(sessionStorage.getItem('filters')).toBe('"foreign"');
    secureStorage.clear();
    expect(Object.keys(sessionStorage)).toEqual(['filters']);
    expect(secureStorage.get('missing')).toBeNull();
  });

  it('returns false instead of throwing when storage is full or unparsable', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(secureStorage.set('big', 'x')).toBe(false);
    vi.restoreAllMocks();
    sessionStorage.setItem(`${SECURE_STORAGE.prefix}broken`, '{not json');
    expect(secureStorage.get('broken')).toBeNull();
  });
});

describe('masking', () => {
  it('masks e-mail addresses, SSNs, card numbers and phone numbers, recursively', () => {
    secureStorage.set('contact', {
      note: 'mail ann.lee+cti@example.co.uk or call +1 (555) 123-4567',
      ids: ['123-45-6789', '4111 1111 1111 1111', '5500-0000-0000-0004'],
      nested: { phone: '030 1234 5678' },
      count: 4,
    });
    expect(secureStorage.get('contact')).toEqual({
      note: `mail ${MASKS.email} or call ${MASKS.phone}`,
      ids: [MASKS.ssn, MASKS.card, MASKS.card],
      nested: { phone: MASKS.phone },
      count: 4,
    });
  });

  it('uses the Luhn check so other long numbers are kept', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(maskSensitiveText('order 4111111111111112')).toBe('order 4111111111111112');
  });

  it.each(['192.168.100.200', 'version 10.200.300', '2026-11-21 10:00', 'CVE-2024-3400', 'T1059.001'])(
    'leaves %j alone',
    (text) => expect(maskSensitiveText(text)).toBe(text),
  );

  it('survives cycles', () => {
    const cyclic: Record<string, unknown> = { email: 'a@b.io' };
    cyclic.self = cyclic;
    expect(maskSensitiveValue(cyclic)).toEqual({ email: MASKS.email, self: undefined });
  });
});
