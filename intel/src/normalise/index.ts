export { canonicalDomain, canonicalIndicator, detectIndicatorType, type Canonical } from './canonical.js';
export { isDefanged, refang } from './refang.js';
export {
  leastRestrictive,
  mostRestrictive,
  PAP_LEVELS,
  papFromMarkingRef,
  parsePap,
  parseTlp,
  TLP_MARKING_IDS,
  tlpFromMarkingRef,
  type Pap,
} from './tlp.js';
export { toIsoTimestamp, type Timestamp } from './timestamps.js';
