import { describe, expect, it } from 'vitest';
import { parseStandby } from '../config/standby-config.js';
import { limitReplicationHba, primaryConninfo } from './standby.js';

describe('[stack.standby]', () => {
  it('is off by default, on the next port range, asynchronous', () => {
    const s = parseStandby({}, '/p/supabase', 54322);
    expect(s).toMatchObject({ enabled: false, port: 54332, synchronous: false, failoverAfterSeconds: 5 });
    expect(s.dataDir).toBe('/p/supabase/.temp/stack/pgdata-standby');
    expect(s.primaryPort).toBe(54322);
  });

  it('refuses the primary port, a wrong type and an unbounded failover wait, in plain words', () => {
    expect(() => parseStandby({ port: 54322 }, '/p', 54322)).toThrow(/other than \[db\] port/);
    expect(() => parseStandby({ synchronous: 'yes' }, '/p', 54322)).toThrow(
      /synchronous must be a true or false/,
    );
    expect(() => parseStandby({ failover_after: 0 }, '/p', 54322)).toThrow(/between 1 and 300/);
  });
});

describe('pg_hba for replication', () => {
  const initdb = [
    'local   all             all                                     trust',
    'host    all             all             127.0.0.1/32            scram-sha-256',
    'local   replication     all                                     trust',
    'host    replication     all             127.0.0.1/32            scram-sha-256',
    'host    replication     all             ::1/128                 scram-sha-256',
  ].join('\n');

  it('keeps one replication line, for the replication role only, and stays the same when rerun', () => {
    const once = limitReplicationHba(initdb, '127.0.0.1/32');
    expect(once.match(/^\S+\s+replication\s/gm)).toHaveLength(1);
    expect(once).toMatch(/^host replication cti_replicator 127\.0\.0\.1\/32 scram-sha-256$/m);
    expect(once).toMatch(/^local {3}all/m);
    expect(limitReplicationHba(once, '127.0.0.1/32')).toBe(once);
  });

  it('quotes the password in primary_conninfo', () => {
    const info = primaryConninfo({ host: '10.0.0.1', port: 5432 }, "it's \\ odd");
    expect(info).toContain("password='it\\'s \\\\ odd'");
    expect(info).toContain('application_name=cti_standby');
  });
});
