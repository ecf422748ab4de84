/**
 * The TLP levels a user may give an indicator. The server's rule (private.red_readable_by_caller):
 * TLP:RED is written only by an administrator whose second factor is verified in this session, so the
 * form offers RED to no one else instead of offering it and then refusing it.
 */
import { TLP_LEVELS } from '@/features/indicators/schemas/indicator-filters';

export function writableTlpLevels(verifiedAdmin: boolean) {
  return verifiedAdmin ? TLP_LEVELS : TLP_LEVELS.filter((level) => level !== 'red');
}
