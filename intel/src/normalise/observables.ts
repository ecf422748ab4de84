/**
 * The canonical forms of the wider observable types, free of Node built-ins: the app reads an
 * analyst's range, ASN or fingerprint with the same code the importers use (`@intel/observables`).
 */
export { canonicalIpv4Cidr, canonicalIpv6Cidr, NARROWEST_ALLOWED_PREFIX } from './network-range.js';
export {
  canonicalAsn,
  canonicalJa3,
  canonicalJa4,
  canonicalText,
  type TextObservable,
} from './observable-text.js';
export type { Canonical } from './canonical-result.js';
