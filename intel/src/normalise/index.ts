export { canonicalDomain, canonicalIndicator, detectIndicatorType, type Canonical } from './canonical.js';
export { isDefanged, refang } from './refang.js';
export { leastRestrictive, mostRestrictive, parseTlp, TLP_MARKING_IDS, tlpFromMarkingRef } from './tlp.js';
export { toIsoTimestamp, type Timestamp } from './timestamps.js';
