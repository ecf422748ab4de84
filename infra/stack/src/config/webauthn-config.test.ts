import { describe, expect, it } from 'vitest';
import { parseAuthWebAuthn } from './webauthn-config.js';

describe('[auth.webauthn], [auth.passkey], [auth.mfa.web_authn], [auth.oauth_server]', () => {
  it("has GoTrue's defaults: everything off, the relying party taken from site_url", () => {
    expect(parseAuthWebAuthn({}, 'https://cti.example.org/app')).toEqual({
      webauthn: {
        rpId: 'cti.example.org',
        rpDisplayName: 'Supabase',
        rpOrigins: ['https://cti.example.org'],
        challengeExpirySeconds: 300,
      },
      passkey: { enabled: false, maxPerUser: 10 },
      mfaWebAuthn: { enrollEnabled: false, verifyEnabled: false },
      oauthServer: { enabled: false, allowDynamicRegistration: false },
    });
  });

  it('reads the CLI keys', () => {
    const parsed = parseAuthWebAuthn(
      {
        webauthn: { rp_id: 'localhost', rp_display_name: 'Tests', rp_origins: ['http://localhost:5173'] },
        passkey: { enabled: true, max_passkeys_per_user: 3 },
        mfa: { web_authn: { enroll_enabled: true, verify_enabled: true } },
        oauth_server: { enabled: true, allow_dynamic_registration: true },
      },
      'http://127.0.0.1:3000',
    );
    expect(parsed.webauthn).toMatchObject({ rpId: 'localhost', rpOrigins: ['http://localhost:5173'] });
    expect(parsed.passkey).toEqual({ enabled: true, maxPerUser: 3 });
    expect(parsed.mfaWebAuthn).toEqual({ enrollEnabled: true, verifyEnabled: true });
    expect(parsed.oauthServer).toEqual({ enabled: true, allowDynamicRegistration: true });
  });

  it('stops the start on a wrong type, in words', () => {
    expect(() => parseAuthWebAuthn({ passkey: { enabled: 'yes' } }, '')).toThrow(
      'config.toml: [auth.passkey] enabled must be true or false',
    );
    expect(() => parseAuthWebAuthn({ webauthn: { rp_origins: 'http://x' } }, '')).toThrow(
      '[auth.webauthn] rp_origins must be a list of origins',
    );
    expect(() => parseAuthWebAuthn({ passkey: { max_passkeys_per_user: 0 } }, '')).toThrow(
      'max_passkeys_per_user must be a positive whole number',
    );
  });
});
