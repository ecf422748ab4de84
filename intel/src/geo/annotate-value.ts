import type { IndicatorType } from '../model/drafts.js';
import { geoDatabase } from './geo-cache.js';

/** The asn, as_name and country columns of an indicator. */
export type GeoColumns = [asn: number | null, asName: string | null, country: string | null];

const NONE: GeoColumns = [null, null, null];
const LOOKUP_OFF = process.env.CTI_GEO_LOOKUP === 'off';

/**
 * What the offline database says of a canonical indicator value: an address's AS and country, an
 * `asn` indicator's own number and its AS's name; nothing for other types (and the database is
 * not even loaded for them).
 */
export function geoColumns(type: IndicatorType, value: string): GeoColumns {
  // CTI_GEO_LOOKUP=off leaves the columns empty (a benchmark's baseline; `geo update` fills them later).
  if (LOOKUP_OFF) return NONE;
  switch (type) {
    case 'ipv4': {
      const a = geoDatabase().lookupIpv4(value);
      return [a.asn, a.asName, a.country];
    }
    case 'ipv6': {
      const a = geoDatabase().lookupIpv6(value);
      return [a.asn, a.asName, a.country];
    }
    case 'asn': {
      const asn = Number(value.slice(2));
      return [asn, geoDatabase().asName(asn), null];
    }
    default:
      return NONE;
  }
}
