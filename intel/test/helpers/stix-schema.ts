/**
 * Validation of STIX 2.1 objects against the OASIS JSON schemas kept in
 * `test/fixtures/stix2-json-schemas` (BSD licence, see its PROVENANCE.md). The schemas are draft
 * 2020-12 and the repository's Ajv is version 6 (draft-07 at most), so this is a small validator
 * of exactly the keywords those 57 files use; a keyword it does not know fails loudly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

type Schema = Record<string, unknown> | boolean;
const ROOT = path.resolve(import.meta.dirname, '../fixtures/stix2-json-schemas/schemas');
const IGNORED = new Set(['$id', '$schema', 'title', 'description', 'definitions', 'format', '$comment']);

const byId = new Map<string, Record<string, unknown>>();
const byType = new Map<string, string>();
for (const folder of readdirSync(ROOT)) {
  for (const file of readdirSync(path.join(ROOT, folder))) {
    const schema = JSON.parse(readFileSync(path.join(ROOT, folder, file), 'utf8')) as Record<string, unknown>;
    byId.set(String(schema.$id), schema);
    byType.set(file.replace(/\.json$/, ''), String(schema.$id));
  }
}

function resolve(ref: string, base: string): { schema: Schema; base: string } {
  const url = new URL(ref, base);
  const fragment = url.hash;
  url.hash = '';
  const document = byId.get(url.toString());
  if (!document) throw new Error(`schema not found: ${ref} from ${base}`);
  let schema: unknown = document;
  for (const part of fragment.replace(/^#\/?/, '').split('/').filter(Boolean))
    schema = (schema as Record<string, unknown>)[decodeURIComponent(part)];
  return { schema: schema as Schema, base: url.toString() };
}

const typeOf = (v: unknown) =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;
const matchesType = (v: unknown, t: string) => typeOf(v) === t || (t === 'number' && typeOf(v) === 'integer');
const regex = (p: string) => {
  try {
    return new RegExp(p, 'u');
  } catch {
    return new RegExp(p);
  }
};

/** Errors of `value` against `schema` (empty when valid). */
export function validate(value: unknown, schema: Schema, base: string, at = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${at}: not allowed`];
  const errors: string[] = [];
  const o = value as Record<string, unknown>;
  const isObj = typeOf(value) === 'object';
  for (const [key, rule] of Object.entries(schema)) {
    const r = rule as never;
    switch (key) {
      case '$ref': {
        const target = resolve(r, base);
        errors.push(...validate(value, target.schema, target.base, at));
        break;
      }
      case 'type': {
        const types = Array.isArray(r) ? (r as string[]) : [r as string];
        if (!types.some((t) => matchesType(value, t))) errors.push(`${at}: not ${types.join('|')}`);
        break;
      }
      case 'enum':
        if (!(r as unknown[]).some((e) => JSON.stringify(e) === JSON.stringify(value)))
          errors.push(`${at}: not one of ${JSON.stringify(r)}`);
        break;
      case 'const':
        if (JSON.stringify(r) !== JSON.stringify(value)) errors.push(`${at}: must be ${JSON.stringify(r)}`);
        break;
      case 'pattern':
        if (typeof value === 'string' && !regex(r).test(value)) errors.push(`${at}: does not match ${r}`);
        break;
      case 'minLength':
      case 'maxLength':
        if (typeof value === 'string' && (key === 'minLength' ? value.length < r : value.length > r))
          errors.push(`${at}: ${key} ${r}`);
        break;
      case 'minimum':
      case 'maximum':
        if (typeof value === 'number' && (key === 'minimum' ? value < r : value > r))
          errors.push(`${at}: ${key} ${r}`);
        break;
      case 'required':
        if (isObj) for (const p of r as string[]) if (!(p in o)) errors.push(`${at}: ${p} is required`);
        break;
      case 'minProperties':
        if (isObj && Object.keys(o).length < r) errors.push(`${at}: at least ${r} properties`);
        break;
      case 'properties':
        if (isObj)
          for (const [p, s] of Object.entries(r as Record<string, Schema>))
            if (p in o) errors.push(...validate(o[p], s, base, `${at}.${p}`));
        break;
      case 'patternProperties':
        if (isObj)
          for (const [p, s] of Object.entries(r as Record<string, Schema>))
            for (const k of Object.keys(o).filter((k) => regex(p).test(k)))
              errors.push(...validate(o[k], s, base, `${at}.${k}`));
        break;
      case 'additionalProperties': {
        if (!isObj) break;
        const named = Object.keys((schema.properties as object) ?? {});
        const patterns = Object.keys((schema.patternProperties as object) ?? {}).map(regex);
        for (const k of Object.keys(o).filter((k) => !named.includes(k) && !patterns.some((p) => p.test(k))))
          errors.push(...validate(o[k], r, base, `${at}.${k}`));
        break;
      }
      case 'propertyNames':
        if (isObj) for (const k of Object.keys(o)) errors.push(...validate(k, r, base, `${at}[key ${k}]`));
        break;
      case 'items':
        if (Array.isArray(value))
          value.forEach((v, i) => errors.push(...validate(v, r, base, `${at}[${i}]`)));
        break;
      case 'minItems':
        if (Array.isArray(value) && value.length < r) errors.push(`${at}: at least ${r} items`);
        break;
      case 'contains':
        if (Array.isArray(value) && !value.some((v) => validate(v, r, base).length === 0))
          errors.push(`${at}: contains no matching item`);
        break;
      case 'allOf':
        for (const s of r as Schema[]) errors.push(...validate(value, s, base, at));
        break;
      case 'anyOf':
        if (!(r as Schema[]).some((s) => validate(value, s, base, at).length === 0))
          errors.push(`${at}: anyOf failed`);
        break;
      case 'oneOf':
        if ((r as Schema[]).filter((s) => validate(value, s, base, at).length === 0).length !== 1)
          errors.push(`${at}: oneOf failed`);
        break;
      case 'not':
        if (validate(value, r, base, at).length === 0) errors.push(`${at}: matches a forbidden schema`);
        break;
      case 'if':
        if (validate(value, r, base, at).length === 0 && schema.then !== undefined)
          errors.push(...validate(value, schema.then as Schema, base, at));
        break;
      case 'then':
        break;
      default:
        if (!IGNORED.has(key)) throw new Error(`schema keyword not supported by this validator: ${key}`);
    }
  }
  return errors;
}

/** Errors of one STIX object against the schema of its type (custom types: the common core). */
export function checkStixObject(object: Record<string, unknown>): string[] {
  const id = byType.get(String(object.type)) ?? byType.get('core')!;
  return validate(object, byId.get(id)!, id, String(object.id)).map((e) => `${object.type}: ${e}`);
}

export function checkStixBundle(bundle: { objects: Record<string, unknown>[] }): string[] {
  const errors = validate(bundle, byId.get(byType.get('bundle')!)!, byType.get('bundle')!, 'bundle');
  return [...errors, ...bundle.objects.flatMap(checkStixObject)];
}
