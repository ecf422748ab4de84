/**
 * `verify_jwt` as the Supabase CLI's local functions runtime applies it: the request must carry
 * `Authorization: Bearer <JWT>` signed with the project's JWT secret (the legacy anon and
 * service_role keys are such JWTs, and so are user access tokens). The messages are the CLI's.
 * Opaque `sb_` keys are not JWTs: functions that take them are deployed with verify_jwt = false.
 */
import { verifyJwt } from '../kernel/jwt.js';

export interface JwtRefusal {
  status: 401;
  body: { msg: string };
}

export async function checkFunctionJwt(
  authorization: string | undefined,
  jwtSecret: string,
): Promise<JwtRefusal | undefined> {
  if (authorization === undefined || authorization === '') {
    return { status: 401, body: { msg: 'Error: Missing authorization header' } };
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
  if (!match) return { status: 401, body: { msg: "Error: Auth header is not 'Bearer {token}'" } };
  try {
    await verifyJwt(match[1]!, jwtSecret);
    return undefined;
  } catch {
    return { status: 401, body: { msg: 'Invalid JWT' } };
  }
}
