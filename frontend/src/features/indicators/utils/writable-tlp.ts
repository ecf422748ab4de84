/**
 * The TLP levels a user may give an indicator. Until the form names a TLP:RED audience (issue 28
 * §1: a RED indicator made by hand needs one, and only members of a group cleared for RED may write
 * RED), RED is offered only to a verified administrator, and the server refuses it in words when no
 * audience is named; below RED the server allows up to the user's clearance.
 */
import { TLP_LEVELS } from '@/features/indicators/schemas/indicator-filters';

export function writableTlpLevels(verifiedAdmin: boolean) {
  return verifiedAdmin ? TLP_LEVELS : TLP_LEVELS.filter((level) => level !== 'red');
}
