import { describe, expect, it } from 'vitest';
import { defaultSettings, resolveSettings, transactionEnd } from './db-settings.js';

const defaults = defaultSettings({ maxRows: 1000, extraSearchPath: ['public', 'extensions'] });

describe('in-database PostgREST settings', () => {
  it('takes config.toml values until the database says otherwise', () => {
    expect(resolveSettings([], defaults)).toEqual({ ...defaults, geoJson: false });
    expect(defaults).toMatchObject({ aggregatesEnabled: false, planEnabled: false, maxRows: 1000 });
  });

  it('reads pgrst.* values as PostgREST coerces them, ignoring invalid ones', () => {
    const settings = resolveSettings(
      [
        { key: 'db_aggregates_enabled', value: 'true' },
        { key: 'db_plan_enabled', value: 'on' },
        { key: 'db_max_rows', value: '50' },
        { key: 'db_extra_search_path', value: 'public, extensions, gis' },
        { key: 'db_tx_end', value: 'rollback-allow-override' },
        { key: 'openapi_mode', value: 'nonsense' },
      ],
      defaults,
      true,
    );
    expect(settings).toEqual({
      aggregatesEnabled: true,
      planEnabled: true,
      txEnd: 'rollback-allow-override',
      maxRows: 50,
      extraSearchPath: ['public', 'extensions', 'gis'],
      openapiMode: 'follow-privileges',
      geoJson: true,
    });
    expect(resolveSettings([{ key: 'db_max_rows', value: 'many' }], defaults).maxRows).toBe(1000);
  });

  it('honours Prefer: tx only with an *-allow-override db-tx-end', () => {
    expect(transactionEnd('commit', 'rollback')).toEqual({ rollback: false, applied: undefined });
    expect(transactionEnd('rollback', 'commit')).toEqual({ rollback: true, applied: undefined });
    expect(transactionEnd('commit-allow-override', 'rollback')).toEqual({
      rollback: true,
      applied: 'rollback',
    });
    expect(transactionEnd('rollback-allow-override', undefined)).toEqual({
      rollback: true,
      applied: undefined,
    });
    expect(transactionEnd('rollback-allow-override', 'commit')).toEqual({
      rollback: false,
      applied: 'commit',
    });
  });
});
