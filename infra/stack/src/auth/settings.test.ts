import { describe, expect, it } from 'vitest';
import type { AuthConfig } from '../config/project-config.js';
import { settingsJson } from './settings.js';

const base: AuthConfig = {
  siteUrl: 'http://127.0.0.1:3000',
  jwtExpiry: 3600,
  enableSignup: true,
  enableEmailSignup: true,
  enableConfirmations: false,
  enableAnonymousSignIns: false,
  minimumPasswordLength: 6,
  passwordRequirements: '',
  enableRefreshTokenRotation: true,
  refreshTokenReuseInterval: 10,
  sessionTimebox: 0,
  sessionInactivityTimeout: 0,
  rateLimit: {
    emailSent: 2,
    tokenRefresh: 150,
    signInSignUps: 30,
    tokenVerifications: 30,
    anonymousUsers: 30,
    accountSignInFailures: 5,
    accountSignInMaxDelaySeconds: 300,
  },
  additionalRedirectUrls: [],
  email: {
    smtp: undefined,
    templates: {},
    otpLength: 6,
    otpExpirySeconds: 3600,
    maxFrequencySeconds: 1,
    doubleConfirmChanges: true,
  },
};

describe('settingsJson', () => {
  it('maps the CLI config to GoTrue settings', () => {
    const settings = settingsJson(base);
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      saml_enabled: false,
    });
    expect(settings.external).toMatchObject({
      email: true,
      phone: false,
      anonymous_users: false,
      github: false,
    });
  });

  it('follows the switches', () => {
    const settings = settingsJson({
      ...base,
      enableSignup: false,
      enableConfirmations: true,
      enableAnonymousSignIns: true,
      enableEmailSignup: false,
    });
    expect(settings).toMatchObject({
      disable_signup: true,
      mailer_autoconfirm: false,
      external: { anonymous_users: true, email: false },
    });
  });
});
