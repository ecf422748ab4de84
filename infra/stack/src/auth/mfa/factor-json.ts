/** auth.mfa_factors rows and their JSON as GoTrue serialises `models.Factor` (the secret never). */
import type { JsonMap } from '../user-json.js';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  last_challenged_at: Date | null;
}

/** The columns a factor is read with: never `secret`. */
export const FACTOR_COLUMNS = `id, user_id, friendly_name, factor_type::text as factor_type, status::text as status,
  created_at, updated_at, phone, last_challenged_at`;

export function factorJson(factor: FactorRow): JsonMap {
  const json: JsonMap = {
    id: factor.id,
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    status: factor.status,
  };
  if (factor.friendly_name) json.friendly_name = factor.friendly_name;
  json.factor_type = factor.factor_type;
  json.phone = factor.phone ?? '';
  json.last_challenged_at = factor.last_challenged_at?.toISOString() ?? null;
  return json;
}
