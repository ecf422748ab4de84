/**
 * The WebAuthn ceremonies of GoTrue's passkeys (internal/api/passkey_webauthn.go), through
 * @simplewebauthn/server: attestation "none" asked for, discoverable credentials required
 * (residentKey "required"), user verification preferred; W3C WebAuthn Level 3 §7.1 (registering
 * a credential) and §7.2 (verifying an assertion) are what the library checks.
 *
 * The user handle is the user id's text as bytes (GoTrue's User.WebAuthnID), so a discoverable
 * sign-in names its user by the handle the authenticator echoes back.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { WebAuthnSettings } from '../../config/webauthn-config.js';
import { badRequest } from '../errors.js';
import type { ChallengeSession, NewPasskey, PasskeyRow } from './passkey-store.js';

/** A registered credential as the ceremonies need it (a passkey, or a WebAuthn MFA factor's). */
export interface StoredCredential {
  credentialId: Buffer;
  publicKey: Buffer;
  signCount: number;
  transports: string[];
}

export function storedPasskey(row: PasskeyRow): StoredCredential {
  return {
    credentialId: row.credential_id,
    publicKey: row.public_key,
    signCount: Number(row.sign_count),
    transports: row.transports,
  };
}

const descriptor = (c: StoredCredential) => ({
  id: c.credentialId.toString('base64url'),
  transports: c.transports as AuthenticatorTransportFuture[],
});

const USER_VERIFICATION = 'preferred';

export function verificationFailed(): Error {
  return badRequest('webauthn_verification_failed', 'Credential verification failed');
}

export interface RegistrationUser {
  id: string;
  /** Email, or phone when there is no email (GoTrue's WebAuthnName). */
  name: string;
  displayName: string;
}

export async function registrationOptions(
  rp: WebAuthnSettings,
  user: RegistrationUser,
  existing: StoredCredential[],
  residentKey: 'required' | 'preferred' = 'required',
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; session: ChallengeSession }> {
  const options = await generateRegistrationOptions({
    rpName: rp.rpDisplayName,
    rpID: rp.rpId,
    userID: new TextEncoder().encode(user.id),
    userName: user.name,
    userDisplayName: user.displayName,
    attestationType: 'none',
    excludeCredentials: existing.map(descriptor),
    authenticatorSelection: { residentKey, userVerification: USER_VERIFICATION },
    timeout: rp.challengeExpirySeconds * 1000,
  });
  return { options, session: { challenge: options.challenge, userVerification: USER_VERIFICATION } };
}

/** Checks a navigator.credentials.create() answer; what to store, or a verification failure. */
export async function verifyRegistration(
  rp: WebAuthnSettings,
  session: ChallengeSession,
  credential: unknown,
): Promise<Omit<NewPasskey, 'userId' | 'friendlyName'>> {
  let result;
  try {
    result = await verifyRegistrationResponse({
      response: credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: session.challenge,
      expectedOrigin: rp.rpOrigins,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    });
  } catch {
    throw verificationFailed();
  }
  if (!result.verified) throw verificationFailed();
  const info = result.registrationInfo;
  const zeroAaguid = /^[0-]+$/.test(info.aaguid);
  return {
    credentialId: Buffer.from(info.credential.id, 'base64url'),
    publicKey: Buffer.from(info.credential.publicKey),
    attestationType: info.fmt,
    aaguid: zeroAaguid ? null : info.aaguid,
    signCount: info.credential.counter,
    transports: info.credential.transports ?? [],
    backupEligible: info.credentialDeviceType === 'multiDevice',
    backedUp: info.credentialBackedUp,
  };
}

/** Sign-in options: with no `allowed` credentials a discoverable login (the authenticator picks the account). */
export async function authenticationOptions(
  rp: WebAuthnSettings,
  allowed: StoredCredential[] = [],
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; session: ChallengeSession }> {
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    ...(allowed.length > 0 ? { allowCredentials: allowed.map(descriptor) } : {}),
    userVerification: USER_VERIFICATION,
    timeout: rp.challengeExpirySeconds * 1000,
  });
  return { options, session: { challenge: options.challenge, userVerification: USER_VERIFICATION } };
}

/** The credential id and user handle an assertion names, read before its signature is checked. */
export function assertionIds(credential: unknown): { credentialId: Buffer; userId: string } | undefined {
  if (credential === null || typeof credential !== 'object') return undefined;
  const c = credential as { rawId?: unknown; id?: unknown; response?: { userHandle?: unknown } };
  const rawId = typeof c.rawId === 'string' ? c.rawId : c.id;
  const handle = c.response?.userHandle;
  if (typeof rawId !== 'string' || typeof handle !== 'string') return undefined;
  return {
    credentialId: Buffer.from(rawId, 'base64url'),
    userId: Buffer.from(handle, 'base64url').toString('utf8'),
  };
}

/** Checks a navigator.credentials.get() answer against a stored credential; the new signature count. */
export async function verifyAssertion(
  rp: WebAuthnSettings,
  session: ChallengeSession,
  credential: unknown,
  stored: StoredCredential,
): Promise<number> {
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response: credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: session.challenge,
      expectedOrigin: rp.rpOrigins,
      expectedRPID: rp.rpId,
      credential: {
        ...descriptor(stored),
        publicKey: new Uint8Array(stored.publicKey),
        counter: stored.signCount,
      },
      requireUserVerification: false,
    });
  } catch {
    throw verificationFailed();
  }
  if (!result.verified) throw verificationFailed();
  return result.authenticationInfo.newCounter;
}
