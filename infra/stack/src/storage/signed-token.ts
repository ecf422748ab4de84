/**
 * Tokens of signed URLs: HS256 JWTs signed with the stack's JWT secret, claims `{url, iat, exp}`
 * where `url` is "<bucket>/<name>". Upload tokens also carry `upsert` (and the signer's `owner`),
 * which is how the two kinds are told apart: a download token never authorises an upload and an
 * upload token never serves a download. Expiry is checked without clock tolerance, as storage does.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { secretKey } from '../kernel/jwt.js';
import { errors } from './errors.js';

export const DEFAULT_UPLOAD_EXPIRY_SECONDS = 2 * 60 * 60;

export interface DownloadClaims {
  url: string;
  /** Seconds since the epoch when the token stops working. */
  exp: number;
  /** A transformed image's signed URL: storage-api's `resize:`-style segments (image-transform.ts). */
  transformations?: string;
}

export interface UploadClaims {
  url: string;
  upsert: boolean;
  owner?: string;
}

async function sign(claims: Record<string, unknown>, expiresIn: number, secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now, exp: now + expiresIn })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(secretKey(secret));
}

export function signDownloadToken(
  url: string,
  expiresIn: number,
  secret: string,
  transformations?: string,
): Promise<string> {
  return sign(transformations ? { url, transformations } : { url }, expiresIn, secret);
}

export function signUploadToken(claims: UploadClaims, expiresIn: number, secret: string): Promise<string> {
  return sign({ ...claims }, expiresIn, secret);
}

async function verify(token: string | null, secret: string): Promise<Record<string, unknown>> {
  if (!token) throw errors.invalidJwt('Missing token');
  try {
    const { payload } = await jwtVerify(token, secretKey(secret), { algorithms: ['HS256'] });
    return payload;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw errors.invalidJwt('jwt expired');
    if (error instanceof joseErrors.JWSSignatureVerificationFailed)
      throw errors.invalidJwt('invalid signature');
    throw errors.invalidJwt('jwt malformed');
  }
}

/** The token's claims when it is valid for downloading exactly `url`. */
export async function verifyDownloadToken(
  token: string | null,
  url: string,
  secret: string,
): Promise<DownloadClaims> {
  const claims = await verify(token, secret);
  if (typeof claims.url !== 'string' || 'upsert' in claims) throw errors.invalidJwt('Invalid token');
  if (claims.url !== url) throw errors.invalidSignature();
  return {
    url: claims.url,
    exp: typeof claims.exp === 'number' ? claims.exp : 0,
    ...(typeof claims.transformations === 'string' ? { transformations: claims.transformations } : {}),
  };
}

/** The token's claims when it is valid for uploading exactly `url`. */
export async function verifyUploadToken(
  token: string | null,
  url: string,
  secret: string,
): Promise<UploadClaims> {
  const claims = await verify(token, secret);
  if (typeof claims.url !== 'string' || typeof claims.upsert !== 'boolean')
    throw errors.invalidJwt('Invalid token');
  if (claims.url !== url) throw errors.invalidSignature();
  return {
    url: claims.url,
    upsert: claims.upsert,
    owner: typeof claims.owner === 'string' ? claims.owner : undefined,
  };
}

/** `expiresIn` of a sign request: whole seconds, at least 1. */
export function expiresInSeconds(value: unknown): number {
  if (value === undefined || value === null) throw errors.missingParameter('expiresIn');
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 1) throw errors.invalidParameter('expiresIn');
  return Math.floor(n);
}
