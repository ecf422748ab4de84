import type { Draft } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { isObject } from './lib/fields.js';
import { jsonArrayAt } from './lib/json-stream.js';
import { clusterObject, stixTypeForGalaxy } from './misp/galaxy-objects.js';

/** The galaxy's own `type`: sorted keys put it before `values`, so it is in the sample. */
const galaxyType = (head: string, fileName: string) =>
  /"type"\s*:\s*"([a-z0-9-]+)"/.exec(head)?.[1] ?? /cluster-([a-z0-9-]+)\.json/.exec(fileName)?.[1] ?? '';

/** MISP galaxy cluster files (threat actors, ransomware, malpedia, sectors, …) with synonyms. */
export const mispGalaxyFormat: FormatAdapter = {
  name: 'misp-galaxy',
  description: 'MISP galaxy clusters (threat actors, ransomware, malpedia, sectors)',
  defaults: {
    name: 'MISP galaxy',
    kind: 'feed',
    url: 'https://github.com/MISP/misp-galaxy',
    reliability: 'B',
    tlp: 'clear',
    confidence: 80,
  },
  detect: ({ head }) =>
    head.trimStart().startsWith('{') &&
    head.includes('"values"') &&
    head.includes('"uuid"') &&
    /"name"\s*:/.test(head) &&
    !/"type"\s*:\s*"bundle"/.test(head) &&
    !head.includes('"Event"'),
  async *parse(input, ctx): AsyncGenerator<Draft> {
    const type = galaxyType(ctx.head, ctx.fileName);
    const stixType = stixTypeForGalaxy(type);
    for await (const { key, value } of jsonArrayAt(input, 'values', 'a MISP galaxy cluster file')) {
      const where = `$.values[${key}]`;
      if (!stixType) {
        yield { kind: 'ignored', where, what: `MISP galaxy type ${type || '(unknown)'}` };
        continue;
      }
      const object = isObject(value) ? clusterObject(type, stixType, value) : 'not a galaxy cluster';
      yield typeof object === 'string'
        ? { kind: 'reject', where, reason: object }
        : { kind: 'object', where, stix: object };
    }
  },
};
