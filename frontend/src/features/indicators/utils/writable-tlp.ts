/**
 * The TLP levels a user may give an indicator, as the database's policies decide them (issue 28
 * §1): up to their clearance (the highest TLP of their groups), and TLP:RED only for a member of a
 * group cleared for RED, since a RED indicator made by hand names such a group as its audience.
 * Nothing is offered until the clearance is known.
 */
import type { MyClearance } from '@/features/indicators/api/get-my-clearance';
import { TLP_LEVELS } from '@/features/indicators/schemas/indicator-filters';

export function writableTlpLevels(clearance: MyClearance | undefined) {
  if (!clearance) return [];
  const ceiling = TLP_LEVELS.indexOf(clearance.clearance);
  return TLP_LEVELS.filter(
    (level, index) => index <= ceiling && (level !== 'red' || clearance.redGroups.length > 0),
  );
}
