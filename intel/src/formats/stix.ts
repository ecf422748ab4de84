import type { Draft } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { bundleDrafts, looksLikeAttack, looksLikeBundle } from './stix/objects.js';

/** Any STIX 2.0 or 2.1 bundle: simple patterns become typed indicators; every other object is kept whole. */
export const stixFormat: FormatAdapter = {
  name: 'stix',
  description: 'STIX 2.0 / 2.1 bundle',
  defaults: { name: 'STIX bundle', kind: 'file', reliability: 'C', tlp: 'amber', confidence: 50 },
  detect: ({ head }) => looksLikeBundle(head) && !looksLikeAttack(head),
  parse: (input): AsyncGenerator<Draft> => bundleDrafts(input),
};
