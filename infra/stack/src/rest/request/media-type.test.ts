import { describe, expect, it } from 'vitest';
import { RestError } from '../errors.js';
import { negotiate } from './media-type.js';

const ALL = { plan: true, geoJson: true };

describe('plan and GeoJSON negotiation', () => {
  it('reads the plan type as supabase-js explain() sends it', () => {
    expect(
      negotiate('application/vnd.pgrst.plan+text; for="application/json"; options=;', false, ALL),
    ).toEqual({
      format: { kind: 'json', stripNulls: false },
      plan: {
        format: 'text',
        for: { kind: 'json', stripNulls: false },
        options: [],
        mime: 'application/vnd.pgrst.plan+text; for="application/json"',
      },
    });
    const withOptions = negotiate(
      'application/vnd.pgrst.plan+json; for="text/csv"; options=wal|analyze|bogus;',
      false,
      ALL,
    );
    expect(withOptions.format).toEqual({ kind: 'csv' });
    // PostgREST's order of options, whatever order they came in.
    expect(withOptions.plan?.options).toEqual(['analyze', 'wal']);
    expect(withOptions.plan?.mime).toBe(
      'application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|wal',
    );
  });

  it('treats plans and GeoJSON as unknown when they are off, in PostgREST spelling', () => {
    try {
      negotiate('application/vnd.pgrst.plan; options=analyze', false, { plan: false, geoJson: false });
      expect.unreachable();
    } catch (error) {
      expect((error as RestError).status).toBe(406);
      expect((error as RestError).message).toBe(
        'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"; options=analyze',
      );
    }
    expect(() => negotiate('application/geo+json', false, { plan: false, geoJson: false })).toThrow(
      RestError,
    );
    expect(negotiate('application/geo+json', false, ALL).format).toEqual({ kind: 'geojson' });
  });
});
