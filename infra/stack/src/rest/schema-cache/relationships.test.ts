import { describe, expect, it } from 'vitest';
import { RestError } from '../errors.js';
import { SAMPLE_CATALOG, sampleCache } from '../testing/sample-cache.js';
import { buildSchemaCache } from './build.js';
import { findRelationship, isToOne } from './find-relationship.js';
import { findRoutine } from './find-routine.js';

const cache = sampleCache();

function failure(run: () => unknown): RestError {
  try {
    run();
  } catch (error) {
    if (error instanceof RestError) return error;
    throw error;
  }
  throw new Error('expected a RestError');
}

describe('derived relationships', () => {
  it('finds many-to-one and its inverse one-to-many', () => {
    const up = findRelationship(cache, 'public', 'cities', 'countries', undefined);
    expect(up.cardinality).toBe('many-to-one');
    expect(up.columns).toEqual([['country_id', 'id']]);
    expect(isToOne(up)).toBe(true);
    const down = findRelationship(cache, 'public', 'countries', 'cities', undefined);
    expect(down.cardinality).toBe('one-to-many');
    expect(isToOne(down)).toBe(false);
  });

  it('treats a foreign key that is also the primary key as one-to-one both ways', () => {
    expect(findRelationship(cache, 'public', 'countries', 'capitals', undefined).cardinality).toBe(
      'one-to-one',
    );
    expect(findRelationship(cache, 'public', 'capitals', 'countries', undefined).cardinality).toBe(
      'one-to-one',
    );
  });

  it('finds many-to-many through a junction whose primary key holds both foreign keys', () => {
    const rel = findRelationship(cache, 'public', 'films', 'actors', undefined);
    expect(rel.cardinality).toBe('many-to-many');
    expect(rel.junction).toMatchObject({
      table: { name: 'film_actors' },
      sourceColumns: [['film_id', 'id']],
      targetColumns: [['actor_id', 'id']],
    });
  });

  it('accepts a constraint name or a column as the embed target', () => {
    expect(
      findRelationship(cache, 'public', 'cities', 'cities_country_id_fkey', undefined).foreignTable.name,
    ).toBe('countries');
    expect(findRelationship(cache, 'public', 'cities', 'country_id', undefined).foreignTable.name).toBe(
      'countries',
    );
  });

  it('reports ambiguity as 300 PGRST201 and resolves it with a hint', () => {
    const error = failure(() => findRelationship(cache, 'public', 'messages', 'people', undefined));
    expect(error.status).toBe(300);
    expect(error.code).toBe('PGRST201');
    expect(error.hint).toBe(
      "Try changing 'people' to one of the following: 'people!messages_sender_id_fkey', 'people!messages_receiver_id_fkey'. Find the desired relationship in the 'details' key.",
    );
    expect(findRelationship(cache, 'public', 'messages', 'people', 'receiver_id').constraint).toBe(
      'messages_receiver_id_fkey',
    );
    expect(
      findRelationship(cache, 'public', 'messages', 'people', 'messages_sender_id_fkey').constraint,
    ).toBe('messages_sender_id_fkey');
  });

  it('tells the two directions of a self reference apart', () => {
    expect(findRelationship(cache, 'public', 'employees', 'employees', undefined).cardinality).toBe(
      'one-to-many',
    );
    expect(findRelationship(cache, 'public', 'employees', 'manager_id', undefined).cardinality).toBe(
      'many-to-one',
    );
  });

  it('reports an unknown relationship as 400 PGRST200 with a suggestion', () => {
    const error = failure(() => findRelationship(cache, 'public', 'countries', 'citys', undefined));
    expect(error.status).toBe(400);
    expect(error.code).toBe('PGRST200');
    expect(error.details).toBe(
      "Searched for a foreign key relationship between 'countries' and 'citys' in the schema 'public', but no matches were found.",
    );
    expect(error.hint).toBe("Perhaps you meant 'cities' instead of 'citys'.");
    const hinted = failure(() => findRelationship(cache, 'public', 'cities', 'countries', 'nope'));
    expect(hinted.details).toBe(
      "Searched for a foreign key relationship between 'cities' and 'countries' using the hint 'nope' in the schema 'public', but no matches were found.",
    );
  });
});

describe('findRoutine', () => {
  it('matches required and optional parameters by name', () => {
    expect(findRoutine(cache, 'public', 'add', ['a', 'b'], true, 'json').name).toBe('add');
    expect(findRoutine(cache, 'public', 'greet', [], true, 'json').name).toBe('greet');
    expect(findRoutine(cache, 'public', 'greet', ['name'], false, 'json').name).toBe('greet');
  });

  it('falls back to a single unnamed json parameter for POST', () => {
    expect(findRoutine(cache, 'public', 'echo', ['anything'], true, 'json').params[0]!.type).toBe('json');
    expect(failure(() => findRoutine(cache, 'public', 'echo', ['anything'], false, 'json')).code).toBe(
      'PGRST202',
    );
  });

  it('reports ambiguous overloads as 300 PGRST203', () => {
    const error = failure(() => findRoutine(cache, 'public', 'pick', ['a'], true, 'json'));
    expect(error.status).toBe(300);
    expect(error.message).toBe(
      'Could not choose the best candidate function between: public.pick(a => integer), public.pick(a => text)',
    );
  });

  it('reports a missing function as 404 PGRST202 with PostgREST texts', () => {
    const error = failure(() => findRoutine(cache, 'public', 'add', ['a'], true, 'json'));
    expect(error.status).toBe(404);
    expect(error.message).toBe('Could not find the function public.add(a) in the schema cache');
    expect(error.details).toBe(
      'Searched for the function public.add with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    );
    expect(error.hint).toBe('Perhaps you meant to call the function public.add(a, b)');
    const none = failure(() => findRoutine(cache, 'public', 'adds', [], false, 'json'));
    expect(none.message).toBe(
      'Could not find the function public.adds without parameters in the schema cache',
    );
    expect(none.hint).toBe('Perhaps you meant to call the function public.add');
  });
});

describe('relationships through views', () => {
  it('gives a view the foreign keys of the table whose key columns it exposes', () => {
    const catalog = structuredClone(SAMPLE_CATALOG);
    catalog.tables.push({
      schema: 'public',
      name: 'big_cities',
      is_view: true,
      insertable: false,
      updatable: false,
      deletable: false,
      primary_key: [],
      columns: [
        {
          name: 'city_name',
          type: 'text',
          base_type: 'text',
          nullable: true,
          default: null,
          generated: false,
        },
        {
          name: 'nation',
          type: 'integer',
          base_type: 'integer',
          nullable: true,
          default: null,
          generated: false,
        },
      ],
    });
    catalog.views = [
      {
        schema: 'public',
        name: 'big_cities',
        oid: 500,
        definition:
          '({QUERY :targetList ({TARGETENTRY :expr {VAR} :resno 1 :resname city_name :resorigtbl 200 :resorigcol 2 :resjunk false} ' +
          '{TARGETENTRY :expr {VAR} :resno 2 :resname nation :resorigtbl 200 :resorigcol 3 :resjunk false})})',
      },
    ];
    catalog.view_sources = [
      { oid: 200, schema: 'public', name: 'cities', columns: { '1': 'id', '2': 'name', '3': 'country_id' } },
    ];
    const viewCache = buildSchemaCache(catalog);
    const up = findRelationship(viewCache, 'public', 'big_cities', 'countries', undefined);
    expect(up).toMatchObject({
      cardinality: 'many-to-one',
      columns: [['nation', 'id']],
      constraint: 'cities_country_id_fkey',
    });
    const down = findRelationship(viewCache, 'public', 'countries', 'big_cities', undefined);
    expect(down).toMatchObject({ cardinality: 'one-to-many', columns: [['id', 'nation']] });
  });
});
