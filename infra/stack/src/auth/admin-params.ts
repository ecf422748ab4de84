/** The body of POST/PUT /admin/users (GoTrue's AdminUserParams), read and type-checked. */
import { badRequest } from './errors.js';
import {
  optionalBoolean,
  optionalObject,
  optionalString,
  stringOrEmpty,
  type JsonObject,
} from './request-body.js';
import type { JsonMap } from './user-json.js';
import { parseBanDuration, validateEmail } from './validation.js';

export interface AdminUserParams {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  /** undefined when absent; GoTrue distinguishes "no password" from "empty password". */
  password?: string;
  passwordHash: string;
  emailConfirm: boolean;
  phoneConfirm: boolean;
  userMetadata?: JsonMap;
  appMetadata?: JsonMap;
  /** Seconds; 0 lifts a ban; undefined leaves it. */
  banSeconds?: number;
}

/** GoTrue's validatePhone: digits only after dropping spaces, '+', '-', '(' and ')'; E.164 length. */
export function normalisePhone(phone: string): string {
  const digits = phone.replace(/[\s+\-()]/g, '');
  if (!/^[1-9]\d{1,14}$/.test(digits))
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  return digits;
}

export function readAdminUserParams(body: JsonObject): AdminUserParams {
  const email = stringOrEmpty(body, 'email');
  const phone = stringOrEmpty(body, 'phone');
  return {
    id: stringOrEmpty(body, 'id'),
    aud: stringOrEmpty(body, 'aud'),
    role: stringOrEmpty(body, 'role'),
    email: email === '' ? '' : validateEmail(email),
    phone: phone === '' ? '' : normalisePhone(phone),
    password: optionalString(body, 'password'),
    passwordHash: stringOrEmpty(body, 'password_hash'),
    emailConfirm: optionalBoolean(body, 'email_confirm') ?? false,
    phoneConfirm: optionalBoolean(body, 'phone_confirm') ?? false,
    userMetadata: optionalObject(body, 'user_metadata'),
    appMetadata: optionalObject(body, 'app_metadata'),
    banSeconds: parseBanDuration(optionalString(body, 'ban_duration')),
  };
}
