import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseStandby } from '../config/standby-config.js';
import type { ProjectConfig } from '../config/project-config.js';
import type { StatePaths } from '../config/state.js';
import { currentNodes, primaryView, readHaState, writeHaState } from './nodes.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function setup(): { config: ProjectConfig; paths: StatePaths } {
  const root = mkdtempSync(path.join(tmpdir(), 'ha-nodes-'));
  dirs.push(root);
  const config = {
    db: { port: 54322, majorVersion: 15 },
    standby: parseStandby({ data_dir: path.join(root, 'b') }, root, 54322),
  } as ProjectConfig;
  const paths = {
    root,
    pgData: path.join(root, 'pgdata'),
    logs: path.join(root, 'logs'),
    postgresLog: path.join(root, 'logs', 'postgres.log'),
  } as StatePaths;
  return { config, paths };
}

describe('which node is the primary', () => {
  it('is node a ([db] port, state/pgdata) until a failover says otherwise', () => {
    const { config, paths } = setup();
    expect(readHaState(paths)).toEqual({ primary: 'a' });
    expect(primaryView(config, paths).config.db.port).toBe(54322);
    expect(currentNodes(config, paths).standby).toMatchObject({ name: 'b', port: 54332 });
  });

  it('follows ha.json: db.port, pgData and the log become node b’s, and node a keeps its own', () => {
    const { config, paths } = setup();
    writeHaState(paths, { primary: 'b', needsRewind: 'a' });
    const view = primaryView(config, paths);
    expect(view.config.db.port).toBe(54332);
    expect(view.paths.pgData).toBe(path.join(paths.root, 'b'));
    // A view of a view still finds node a where it always is.
    expect(currentNodes(view.config, view.paths).standby).toMatchObject({
      name: 'a',
      port: 54322,
      pgData: path.join(paths.root, 'pgdata'),
    });
  });
});
