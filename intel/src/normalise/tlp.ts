import { TLP_LEVELS, type Tlp } from '../model/drafts.js';

/** TLP 2.0 marking definitions (STIX ids published by FIRST/OASIS), for import and export. */
export const TLP_MARKING_IDS: Record<Tlp, string> = {
  clear: 'marking-definition--94868c89-83c2-464b-929b-a1a8aa3c8487',
  green: 'marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb',
  amber: 'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421',
  'amber+strict': 'marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003',
  red: 'marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1',
};

/** TLP 1.0 ids still found in older feeds (WHITE became CLEAR). */
const TLP1_MARKING_IDS: Record<string, Tlp> = {
  'marking-definition--613f2e26-407d-48c7-9eca-b8e91df99dc9': 'clear',
  'marking-definition--34098fce-860f-48ae-8e50-ebd3cc5e41da': 'green',
  'marking-definition--f88d31f6-486f-44da-b317-01333bde0b82': 'amber',
  'marking-definition--5e57c739-391a-4eb3-b6be-7d15ca92d5ed': 'red',
};

const BY_ID = new Map<string, Tlp>([
  ...Object.entries(TLP_MARKING_IDS).map(([tlp, id]) => [id, tlp as Tlp] as const),
  ...Object.entries(TLP1_MARKING_IDS),
]);

export function tlpFromMarkingRef(id: string): Tlp | undefined {
  return BY_ID.get(id);
}

/** `TLP:AMBER+STRICT`, `tlp:white`, `green`, `Tlp: Red` … → our level; undefined when not TLP. */
export function parseTlp(raw: string): Tlp | undefined {
  const value = raw
    .trim()
    .toLowerCase()
    .replace(/^tlp\s*:\s*/, '')
    .replace(/\s+/g, '');
  if (value === 'white') return 'clear';
  return (TLP_LEVELS as readonly string[]).includes(value) ? (value as Tlp) : undefined;
}

/** PAP levels (FIRST PAP 2.0: CLEAR, GREEN, AMBER, RED; PAP:WHITE of 1.0 is CLEAR), least restrictive first. */
export const PAP_LEVELS = ['clear', 'green', 'amber', 'red'] as const;
export type Pap = (typeof PAP_LEVELS)[number];

/**
 * The PAP marking definitions of OASIS's STIX 2.1 PAP extension
 * (cti-stix-common-objects, extension-definition--f8d78575-edfd-406e-8e84-6162a8450f5b): the only
 * instances the extension permits, so a reference to one of these ids is the level.
 */
const PAP_MARKING_IDS: Record<string, Pap> = {
  'marking-definition--ad15a0cd-55b6-4588-a14c-a66105329b92': 'clear',
  'marking-definition--a3bea94c-b469-41dc-9cfe-d6e7daba7730': 'clear', // PAP:WHITE, the 1.0 name of CLEAR
  'marking-definition--c43594d1-4b11-4c59-93ab-1c9b14d53ce9': 'green',
  'marking-definition--60f8932b-e51e-4458-b265-a2e8be9a80ab': 'amber',
  'marking-definition--740d36e5-7714-4c30-961a-3ae632ceee0e': 'red',
};

export function papFromMarkingRef(id: string): Pap | undefined {
  return PAP_MARKING_IDS[id];
}

/** `PAP:AMBER`, `pap:white`, `Pap: Red` … → our level; undefined when not PAP. */
export function parsePap(raw: string): Pap | undefined {
  const value = raw
    .trim()
    .toLowerCase()
    .replace(/^pap\s*:\s*/, '')
    .replace(/\s+/g, '');
  if (value === 'white') return 'clear';
  return (PAP_LEVELS as readonly string[]).includes(value) ? (value as Pap) : undefined;
}

const rank = (tlp: Tlp) => TLP_LEVELS.indexOf(tlp);
export const mostRestrictive = (a: Tlp, b: Tlp): Tlp => (rank(a) >= rank(b) ? a : b);
export const leastRestrictive = (a: Tlp, b: Tlp): Tlp => (rank(a) <= rank(b) ? a : b);
