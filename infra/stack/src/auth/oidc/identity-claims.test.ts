import { describe, expect, it } from 'vitest';
import { groupNames, identityData } from './identity-claims.js';

describe('identity data from ID-token claims', () => {
  it("keeps GoTrue's shape: standard claims, provider_id, full_name, avatar_url, the rest in custom_claims", () => {
    const data = identityData({
      iss: 'https://idp.example.org',
      sub: 'u-1',
      aud: 'cti',
      exp: 1,
      nonce: 'n',
      email: 'Ada@Example.org',
      email_verified: true,
      name: 'Ada',
      picture: 'https://idp.example.org/ada.png',
      groups: ['a'],
      given_name: '',
    });
    expect(data).toEqual({
      iss: 'https://idp.example.org',
      sub: 'u-1',
      email: 'ada@example.org',
      email_verified: true,
      phone_verified: false,
      name: 'Ada',
      picture: 'https://idp.example.org/ada.png',
      custom_claims: { groups: ['a'] },
      provider_id: 'u-1',
      full_name: 'Ada',
      avatar_url: 'https://idp.example.org/ada.png',
    });
  });
});

describe('group names from the configured claim', () => {
  it('takes a list or one string, drops non-strings, blanks, Keycloak path slashes and repeats', () => {
    expect(groupNames({ groups: ['Analysts', '/red-team', 42, ' ', 'Analysts', null] }, 'groups')).toEqual([
      'Analysts',
      'red-team',
    ]);
    expect(groupNames({ roles: 'admin' }, 'roles')).toEqual(['admin']);
    expect(groupNames({ groups: { a: 1 } }, 'groups')).toEqual([]);
    expect(groupNames({}, 'groups')).toEqual([]);
  });

  it('ignores names longer than a group name may be and keeps at most 200', () => {
    expect(groupNames({ g: ['x'.repeat(101)] }, 'g')).toEqual([]);
    expect(groupNames({ g: Array.from({ length: 300 }, (_, i) => `g${i}`) }, 'g')).toHaveLength(200);
  });
});
