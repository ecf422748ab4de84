/**
 * Overload resolution as PostgREST does it: a function matches when the argument names cover its
 * required parameters and stay within its parameters; a single unnamed json/jsonb (or text, xml,
 * bytea by content type) parameter takes the whole body when nothing else matches.
 */
import { RestError } from '../errors.js';
import { closest, LOOSE_HINT_MIN_SCORE, NAME_HINT_MIN_SCORE } from '../fuzzy.js';
import type { BodyKind } from '../request/body.js';
import type { Routine, SchemaCache } from './types.js';
import { qualifiedKey } from './types.js';

const SINGLE_PARAM_TYPES: Partial<Record<BodyKind, string[]>> = {
  json: ['json', 'jsonb'],
  text: ['text'],
  xml: ['xml'],
  binary: ['bytea'],
};

function matchesParams(r: Routine, keys: Set<string>, isPost: boolean, bodyKind: BodyKind): boolean {
  if (r.params.length === 0)
    return keys.size === 0 && !(isPost && ['binary', 'text', 'xml'].includes(bodyKind));
  const required = r.params.filter((p) => p.required).map((p) => p.name);
  const all = new Set(r.params.map((p) => p.name));
  return required.every((n) => keys.has(n)) && [...keys].every((k) => all.has(k));
}

function hasSingleUnnamedParam(r: Routine, isPost: boolean, bodyKind: BodyKind): boolean {
  if (!isPost || r.params.length !== 1 || r.params[0]!.name !== '') return false;
  return (SINGLE_PARAM_TYPES[bodyKind] ?? []).includes(r.params[0]!.type);
}

function signature(r: Routine): string {
  return `${r.schema}.${r.name}(${r.params.map((p) => `${p.name} => ${p.type}`).join(', ')})`;
}

function noRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  isPost: boolean,
  bodyKind: BodyKind,
  overloads: Routine[],
): RestError {
  const onlySingle = isPost && ['text', 'xml', 'binary'].includes(bodyKind);
  const func = `${schema}.${name}`;
  const params = keys.join(', ');
  const message = `Could not find the function ${func}${onlySingle ? '' : keys.length === 0 ? ' without parameters' : `(${params})`} in the schema cache`;
  const withParams =
    keys.length === 0 ? ' without parameters' : ` with parameter${keys.length > 1 ? 's' : ''} ${params}`;
  const singleText: Partial<Record<BodyKind, string>> = {
    text: ' with a single unnamed text parameter',
    xml: ' with a single unnamed xml parameter',
    binary: ' with a single unnamed bytea parameter',
    json: `${withParams} or with a single unnamed json/jsonb parameter`,
  };
  const searched = isPost ? (singleText[bodyKind] ?? withParams) : withParams;
  let hint: string | null = null;
  if (!onlySingle) {
    if (overloads.length === 0) {
      const names = [...cache.routines.values()]
        .flat()
        .filter((r) => r.schema === schema)
        .map((r) => r.name);
      const best = closest(name, new Set(names), NAME_HINT_MIN_SCORE);
      if (best !== undefined) hint = `Perhaps you meant to call the function ${schema}.${best}`;
    } else {
      const listText = (names: string[]): string => `(${[...names].sort().join(', ')})`;
      const best = closest(
        listText(keys),
        new Set(overloads.map((o) => listText(o.params.map((p) => p.name)))),
        LOOSE_HINT_MIN_SCORE,
      );
      if (best !== undefined) hint = `Perhaps you meant to call the function ${schema}.${name}${best}`;
    }
  }
  return new RestError(
    404,
    'PGRST202',
    message,
    `Searched for the function ${func}${searched}, but no matches were found in the schema cache.`,
    hint,
  );
}

export function findRoutine(
  cache: SchemaCache,
  schema: string,
  name: string,
  keys: string[],
  isPost: boolean,
  bodyKind: BodyKind,
): Routine {
  const overloads = cache.routines.get(qualifiedKey(schema, name)) ?? [];
  const keySet = new Set(keys);
  // PostgREST holds the argument names in a set, so its messages list them sorted and once.
  const sortedKeys = [...keySet].sort();
  const matched = overloads.filter((r) => matchesParams(r, keySet, isPost, bodyKind));
  const fallback = overloads.filter(
    (r) => !matchesParams(r, keySet, isPost, bodyKind) && hasSingleUnnamedParam(r, isPost, bodyKind),
  );
  const candidates = matched.length > 0 ? matched : fallback;
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) throw noRoutine(cache, schema, name, sortedKeys, isPost, bodyKind, overloads);
  throw new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates.map(signature).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}
