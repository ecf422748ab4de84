/**
 * Upload quotas, asked of the project's database before a byte of an upload is read: when the
 * database defines `public.storage_upload_allowance(bucket text, name text)` returning
 * `(bytes bigint, reason text)`, an upload to that name may store at most `bytes` (null: no quota)
 * and a refusal says `reason`. Supabase storage has no such hook; a project without the function
 * uploads as before. The database checks the stored size again when the row is written (the
 * project's trigger, SQLSTATE 53100), so two uploads at once cannot both take the last bytes.
 */
import type { IncomingMessage } from 'node:http';
import { asService, type StorageCall } from './call.js';
import { errors, StorageError } from './errors.js';
import { lit } from './sql.js';
import { isMultipart } from './upload-body.js';

export interface Allowance {
  bytes: number;
  reason: string;
}

/** What a multipart body carries besides the file (boundaries, part headers, small fields). */
const MULTIPART_SLACK = 1024 * 1024;

/** The allowance for an upload to `bucket`/`name`, or undefined when no quota applies. */
export async function uploadAllowance(
  call: StorageCall,
  bucket: string,
  name: string,
): Promise<Allowance | undefined> {
  const [defined] = await asService(
    call,
    'storage.object.allowance',
    [`select to_regprocedure('public.storage_upload_allowance(text,text)') is not null as defined`],
    { readOnly: true },
  );
  if (!(defined!.rows[0] as { defined: boolean }).defined) return undefined;
  const [result] = await asService(
    call,
    'storage.object.allowance',
    [`select bytes, reason from public.storage_upload_allowance(${lit(bucket)}, ${lit(name)})`],
    { readOnly: true },
  );
  const row = result!.rows[0] as { bytes: string | null; reason: string | null } | undefined;
  if (!row || row.bytes === null) return undefined;
  return { bytes: Number(row.bytes), reason: row.reason ?? 'The upload quota is used up' };
}

/**
 * Refuses from the headers alone what cannot fit: nothing left, or a declared length over what is
 * left (for a multipart body, over it by more than the parts' own overhead).
 */
export function refuseBeyondAllowance(req: IncomingMessage, allowance: Allowance): void {
  if (allowance.bytes <= 0) throw errors.quotaExceeded(allowance.reason);
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (!Number.isFinite(declared)) return;
  const slack = isMultipart(req) ? MULTIPART_SLACK : 0;
  if (declared - slack > allowance.bytes) throw errors.quotaExceeded(allowance.reason);
}

/** A body cut off at the allowance (not at the size limit) is refused with the quota's reason. */
export function quotaRefusal(error: unknown, allowance: Allowance | undefined, bound: boolean): unknown {
  if (allowance && bound && error instanceof StorageError && error.code === 'EntityTooLarge')
    return errors.quotaExceeded(allowance.reason);
  return error;
}
