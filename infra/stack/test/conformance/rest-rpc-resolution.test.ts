/**
 * How a call finds its function, as PostgREST 12–14 does it (Plan.hs findProc, SchemaCache.hs
 * funcsSqlQuery, Error.hs NoRpc/AmbiguousRpc): a single unnamed text parameter takes a text/plain
 * body; functions with other unnamed parameters are left out of the schema cache; overloads are
 * chosen by argument names, and when several fit the candidates are listed fewest parameters
 * first, then by parameter names and types; argument names in messages are sorted.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, restFetch } from '../helpers/rest.js';

describe('rest rpc resolution', () => {
  it('passes a text/plain body whole to a single unnamed text parameter', async () => {
    const response = await restFetch('/rpc/parity_echo_text', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'plain words',
    });
    expect(response.status).toBe(200);
    expect(response.body).toBe('got plain words');
  });

  it('cannot call a function with two unnamed parameters: 404 PGRST202 as if it did not exist', async () => {
    const { status, error } = await anonClient().rpc('parity_two_unnamed', { a: 1, b: 2 });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.parity_two_unnamed(a, b) in the schema cache',
      details:
        'Searched for the function public.parity_two_unnamed with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('chooses the overload whose parameters the argument names fit, defaults included', async () => {
    const { data, error } = await anonClient().rpc('parity_pick', { a: 2, b: 3 });
    expect(error).toBeNull();
    expect(data).toBe('a+b=5');
  });

  it("answers 300 PGRST203 listing the candidates in PostgREST's order", async () => {
    const { status, error } = await anonClient().rpc('parity_pick', { a: 1 });
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.parity_pick(a => integer), public.parity_pick(a => text), public.parity_pick(a => integer, b => integer)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  });

  it('lists the argument names sorted in PGRST202, with the closest overload as hint', async () => {
    const { status, error } = await anonClient().rpc('parity_pick', { c: 1, a: 2, b: 3 });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.parity_pick(a, b, c) in the schema cache',
      details:
        'Searched for the function public.parity_pick with parameters a, b, c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.parity_pick(a, b)',
    });
  });

  it('words PGRST202 for calls without arguments and for text bodies as PostgREST does', async () => {
    const get = await restFetch('/rpc/parity_missing');
    expect(get.status).toBe(404);
    expect(get.body).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.parity_missing without parameters in the schema cache',
      details:
        'Searched for the function public.parity_missing without parameters, but no matches were found in the schema cache.',
      hint: null,
    });
    const text = await restFetch('/rpc/parity_pick', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x',
    });
    expect(text.status).toBe(404);
    expect(text.body).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.parity_pick in the schema cache',
      details:
        'Searched for the function public.parity_pick with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });
});
