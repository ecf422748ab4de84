import { describe, expect, it } from 'vitest';
import { parseExternalProviders } from './external-providers.js';

const keycloak = {
  enabled: true,
  client_id: 'cti',
  secret: 's3cret',
  url: 'https://idp.example.org/realms/cti/',
};

describe('[auth.external.*] (OpenID Connect providers)', () => {
  it('reads an enabled provider with the CLI keys, the issuer without its trailing slash', () => {
    const providers = parseExternalProviders({ keycloak: { ...keycloak, group_claim: 'groups' } });
    expect(providers.get('keycloak')).toEqual({
      name: 'keycloak',
      clientId: 'cti',
      secret: 's3cret',
      issuer: 'https://idp.example.org/realms/cti',
      redirectUri: undefined,
      skipNonceCheck: false,
      groupClaim: 'groups',
      scopes: [],
    });
  });

  it('leaves disabled providers out, even incomplete ones, as the CLI template has them', () => {
    expect(
      parseExternalProviders({ apple: { enabled: false, client_id: '' }, keycloak: { enabled: false } }).size,
    ).toBe(0);
  });

  it('takes the secret from env() and fails when the variable is unset', () => {
    process.env.SSO_TEST_SECRET = 'from-env';
    expect(
      parseExternalProviders({ oidc: { ...keycloak, secret: 'env(SSO_TEST_SECRET)' } }).get('oidc')?.secret,
    ).toBe('from-env');
    expect(() => parseExternalProviders({ oidc: { ...keycloak, secret: 'env(SSO_TEST_UNSET)' } })).toThrow(
      /SSO_TEST_UNSET, which is not set/,
    );
  });

  it("gives azure the tenant's v2.0 issuer and refuses the shared common authority", () => {
    const azure = { ...keycloak, url: 'https://login.microsoftonline.com/contoso.onmicrosoft.com' };
    expect(parseExternalProviders({ azure }).get('azure')?.issuer).toBe(
      'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0',
    );
    expect(() =>
      parseExternalProviders({ azure: { ...azure, url: 'https://login.microsoftonline.com/common' } }),
    ).toThrow(/must name a tenant/);
  });

  it('says what is missing or wrong, and which providers the stack serves', () => {
    expect(() => parseExternalProviders({ keycloak: { ...keycloak, client_id: '' } })).toThrow(
      'config.toml: [auth.external.keycloak] client_id is required when the provider is enabled',
    );
    expect(() => parseExternalProviders({ keycloak: { ...keycloak, url: 'idp.example.org' } })).toThrow(
      /url must be a URL/,
    );
    expect(() => parseExternalProviders({ keycloak: { ...keycloak, enabled: 'yes' } })).toThrow(
      /must be true or false/,
    );
    expect(() => parseExternalProviders({ github: { ...keycloak } })).toThrow(
      /\[auth.external.github\] is enabled, but this stack signs in only with keycloak, azure, oidc/,
    );
  });
});
