/** How a TAXII client uses a key: the discovery URL and a curl command with HTTP Basic. */
export function taxiiDiscoveryUrl(backendUrl: string): string {
  return `${backendUrl.replace(/\/+$/, '')}/functions/v1/taxii/taxii2/`;
}

/** The key id is the Basic user name and the secret the password; the secret is never embedded here. */
export function curlExample(backendUrl: string, keyId: string): string {
  return [
    `curl -u '${keyId}:<secret>'`,
    `  -H 'Accept: application/taxii+json;version=2.1'`,
    `  '${taxiiDiscoveryUrl(backendUrl)}'`,
  ].join(' \\\n');
}
