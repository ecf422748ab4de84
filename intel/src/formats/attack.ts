import type { Draft } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { bundleDrafts, looksLikeAttack, looksLikeBundle } from './stix/objects.js';

/**
 * MITRE ATT&CK as STIX (2.0 from mitre/cti, 2.1 from attack-stix-data; enterprise, mobile, ICS).
 * The objects are STIX: the bundle reader is the same, every x-mitre type is kept, revoked and
 * deprecated objects are stored with their flags so old references still resolve.
 */
export const attackFormat: FormatAdapter = {
  name: 'attack',
  description: 'MITRE ATT&CK STIX bundle (enterprise, mobile, ICS; STIX 2.0 or 2.1)',
  defaults: {
    name: 'MITRE ATT&CK',
    kind: 'feed',
    url: 'https://raw.githubusercontent.com/mitre-attack/attack-stix-data/master/enterprise-attack/enterprise-attack.json',
    reliability: 'A',
    tlp: 'clear',
    confidence: 100,
  },
  detect: ({ head }) => looksLikeBundle(head) && looksLikeAttack(head),
  parse: (input): AsyncGenerator<Draft> => bundleDrafts(input),
};
