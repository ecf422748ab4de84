import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback-host.js';

describe('the catcher answers loopback names only (against DNS rebinding)', () => {
  it.each([
    '127.0.0.1:54324',
    'localhost:54324',
    'LOCALHOST',
    'mail.localhost:54324',
    '127.1.2.3',
    '[::1]:54324',
    undefined,
  ])('accepts %s', (host) => expect(isLoopbackHost(host)).toBe(true));
  it.each([
    'evil.example:54324',
    'evil.example',
    '127.0.0.1.evil.example',
    'localhost.evil.example:54324',
    '[::2]:54324',
    '10.0.0.1',
  ])('refuses %s', (host) => expect(isLoopbackHost(host)).toBe(false));
});
