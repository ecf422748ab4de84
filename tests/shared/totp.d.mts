// Types of the shared TOTP helper (totp.mjs).

export const TOTP_STEP_SECONDS: number;

/** A fresh 32-character base32 secret (160 bits), as the app generates it. */
export function newTotpSecret(): string;

/** The time step (RFC 6238 counter) of a moment, now by default. */
export function totpStep(timeMs?: number): number;

/** The 6-digit code of a base32 `secret` for time step `step` (RFC 4226 HOTP with the step as counter). */
export function totpCode(secret: string, step: number): string;

/** A 6-digit code valid for none of the steps the server accepts around `step` (s-1..s+2). */
export function wrongCode(secret: string, step?: number): string;

/** Waits until at least `marginSeconds` remain in the current step, so a code stays valid. */
export function awayFromStepEdge(marginSeconds?: number): Promise<void>;

/** The secret inside an otpauth://totp/...?secret=... URI. */
export function secretFromOtpauthUri(uri: string): string;
