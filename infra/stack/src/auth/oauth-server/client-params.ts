/**
 * The checks GoTrue makes on OAuth client registration and update (internal/api/oauthserver/
 * service.go, client_auth.go), with its words: redirect URIs (RFC 9700 §4.1: no fragments, http
 * only on loopback, no script-capable schemes), grant types of OAuth 2.1 (authorization_code,
 * refresh_token), client type and token endpoint auth method consistent.
 */
import { badRequest } from '../errors.js';
import type { JsonObject } from '../request-body.js';
import type { ClientFields } from './client-store.js';

export const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];
const DANGEROUS_SCHEMES = ['javascript', 'data', 'file', 'vbscript', 'about', 'blob'];

const invalid = (message: string) => badRequest('validation_failed', message);

function redirectUriProblem(uri: string): string | undefined {
  if (uri === '') return 'redirect URI cannot be empty';
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'must have scheme and host';
  }
  const scheme = url.protocol.slice(0, -1);
  if (url.host === '') return 'must have scheme and host';
  if (DANGEROUS_SCHEMES.includes(scheme.toLowerCase()))
    return `scheme '${scheme}' is not allowed for security reasons`;
  if (scheme === 'http' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
    return 'HTTP scheme only allowed for localhost';
  if (url.hash !== '' || uri.includes('#')) return 'fragment not allowed in redirect URI';
  return undefined;
}

function stringList(body: JsonObject, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string'))
    throw badRequest('bad_json', 'Invalid JSON body');
  return value as string[];
}

function text(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest('bad_json', 'Invalid JSON body');
  return value;
}

function checkRedirectUris(uris: string[], required: boolean): void {
  if (required && uris.length === 0) throw invalid('redirect_uris is required');
  if (uris.length === 0) throw invalid('redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

function checkGrantTypes(types: string[]): void {
  if (types.length === 0) throw invalid('grant_types cannot be empty');
  if (types.some((t) => t !== 'authorization_code' && t !== 'refresh_token'))
    throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
}

function checkUri(value: string | undefined, field: string): void {
  if (value === undefined || value === '') return;
  if (value.length > 2048) throw invalid(`${field} cannot exceed 2048 characters`);
  try {
    new URL(value);
  } catch {
    throw invalid(`${field} must be a valid URL`);
  }
}

function checkCommon(f: ClientFields): void {
  if (f.grantTypes) checkGrantTypes(f.grantTypes);
  if (f.clientName !== undefined && f.clientName.length > 1024)
    throw invalid('client_name cannot exceed 1024 characters');
  checkUri(f.clientUri, 'client_uri');
  checkUri(f.logoUri, 'logo_uri');
}

const typeOfMethod = (method: string) => (method === 'none' ? 'public' : 'confidential');

export interface Registration extends ClientFields {
  redirectUris: string[];
  grantTypes: string[];
  clientType: string;
  tokenEndpointAuthMethod: string;
}

/** A registration body checked, with GoTrue's defaults filled in. */
export function registrationParams(body: JsonObject): Registration {
  const f: ClientFields = {
    redirectUris: stringList(body, 'redirect_uris') ?? [],
    grantTypes: stringList(body, 'grant_types'),
    clientName: text(body, 'client_name'),
    clientUri: text(body, 'client_uri'),
    logoUri: text(body, 'logo_uri'),
  };
  const clientType = text(body, 'client_type') ?? '';
  const method = text(body, 'token_endpoint_auth_method') ?? '';
  checkRedirectUris(f.redirectUris!, true);
  if (f.grantTypes && f.grantTypes.length > 0) checkGrantTypes(f.grantTypes);
  checkCommon({ ...f, grantTypes: undefined });
  if (clientType !== '' && clientType !== 'public' && clientType !== 'confidential')
    throw invalid("client_type must be 'public' or 'confidential'");
  if (method !== '' && !AUTH_METHODS.includes(method))
    throw invalid(`token_endpoint_auth_method must be one of: [${AUTH_METHODS.join(' ')}]`);
  if (clientType !== '' && method !== '' && clientType !== typeOfMethod(method))
    throw invalid(
      `client_type '${clientType}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${typeOfMethod(method)}')`,
    );
  const finalType = clientType || (method ? typeOfMethod(method) : 'confidential');
  return {
    ...f,
    redirectUris: f.redirectUris!,
    grantTypes:
      f.grantTypes && f.grantTypes.length > 0 ? f.grantTypes : ['authorization_code', 'refresh_token'],
    clientType: finalType,
    tokenEndpointAuthMethod: method || (finalType === 'public' ? 'none' : 'client_secret_basic'),
  };
}

/** An update body checked: only the fields given; none at all is refused. */
export function updateParams(body: JsonObject, clientType: string): ClientFields {
  const f: ClientFields = {
    redirectUris: stringList(body, 'redirect_uris'),
    grantTypes: stringList(body, 'grant_types'),
    clientName: text(body, 'client_name'),
    clientUri: text(body, 'client_uri'),
    logoUri: text(body, 'logo_uri'),
    tokenEndpointAuthMethod: text(body, 'token_endpoint_auth_method'),
  };
  if (Object.values(f).every((v) => v === undefined)) throw invalid('No fields provided for update');
  if (f.redirectUris) checkRedirectUris(f.redirectUris, false);
  checkCommon(f);
  const method = f.tokenEndpointAuthMethod;
  if (method !== undefined) {
    if (!AUTH_METHODS.includes(method))
      throw invalid(`invalid token_endpoint_auth_method: must be one of [${AUTH_METHODS.join(' ')}]`);
    if (typeOfMethod(method) !== clientType) {
      const valid = AUTH_METHODS.filter((m) => typeOfMethod(m) === clientType);
      throw invalid(
        `token_endpoint_auth_method '${method}' is not valid for client_type '${clientType}'; valid methods: [${valid.join(' ')}]`,
      );
    }
  }
  return f;
}
