/**
 * How the offline AS and country of an address (issue 30 §1: indicators.asn, as_name, country;
 * a sighting's last_event src_/dest_asn, _as_name, _country) read on screen and in exports.
 */

export interface NetworkOrigin {
  asn: number | null;
  asName: string | null;
  country: string | null;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** `AS13335 Cloudflare, Inc.`; `AS13335` when the name is unknown; empty when the AS is. */
export function asLabel(origin: Pick<NetworkOrigin, 'asn' | 'asName'>): string {
  if (origin.asn == null) return '';
  return origin.asName ? `AS${origin.asn} ${origin.asName}` : `AS${origin.asn}`;
}

/** `Australia (AU)`; the code alone when the runtime has no name for it; empty when unknown. */
export function countryLabel(code: string | null): string {
  if (!code) return '';
  let name: string | undefined;
  try {
    name = regionNames.of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}

/** A sighting's event fields for one side (`dest` or `src`) as an origin; undefined when none is known. */
export function eventOrigin(event: unknown, side: 'src' | 'dest'): NetworkOrigin | undefined {
  if (!event || typeof event !== 'object') return undefined;
  const fields = event as Record<string, unknown>;
  const asn = typeof fields[`${side}_asn`] === 'number' ? (fields[`${side}_asn`] as number) : null;
  const asName = typeof fields[`${side}_as_name`] === 'string' ? (fields[`${side}_as_name`] as string) : null;
  const country =
    typeof fields[`${side}_country`] === 'string' ? (fields[`${side}_country`] as string) : null;
  return asn === null && country === null ? undefined : { asn, asName, country };
}

/** Attribution the DB-IP licence (CC BY 4.0) asks of pages showing its results. */
export const ORIGIN_ATTRIBUTION = {
  text: 'AS data: RouteViews, NRO and DB-IP (CC BY 4.0); country: ip-location-db (CC0)',
  href: 'https://db-ip.com',
} as const;
