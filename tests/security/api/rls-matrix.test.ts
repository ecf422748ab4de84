/**
 * The access matrix: every exposed table × role × select/insert/update/delete and every exposed RPC
 * × role, against expectations/rls-matrix.json. Rows are seeded with the service key (a "victim"
 * user owned by the suite, plus one row per table), so "allow" can be told from "own" and "deny".
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import matrix from '../expectations/rls-matrix.json' with { type: 'json' };
import { apiHeaders, httpRequest, type HttpResponse } from '../lib/http.js';
import { createUser, deleteUser, SUITE_EMAIL_DOMAIN } from '../lib/personas.js';
import { roleHeaders, roleUserId, type RoleName } from '../lib/roles.js';
import { recordFact } from '../reporting/parts.js';
import { adminTableSpecs } from './admin-table-specs.js';
import { authoringTableSpecs } from './authoring-table-specs.js';
import { caseTableSpecs } from './case-table-specs.js';
import { demoDatasetSpecs } from './demo-dataset-specs.js';
import { enrichmentTableSpecs } from './enrichment-table-specs.js';
import { detectionTableSpecs } from './detection-table-specs.js';
import { exclusionTableSpecs } from './exclusion-table-specs.js';
import { servedFeedTableSpecs } from './served-feed-table-specs.js';
import { notificationTableSpecs } from './notification-table-specs.js';
import { outboundTableSpecs } from './outbound-table-specs.js';
import { groupTableSpecs } from './group-table-specs.js';
import { exposureTableSpecs } from './exposure-table-specs.js';
import { intelTableSpecs } from './intel-table-specs.js';
import { publicTableSpecs } from './public-table-specs.js';
import { taxiiTableSpecs } from './taxii-table-specs.js';
import { warninglistTableSpecs } from './warninglist-table-specs.js';
import { workspaceTableSpecs } from './workspace-table-specs.js';
import { suite } from './context.js';

type Op = 'select' | 'insert' | 'update' | 'delete';
type TableName = keyof typeof matrix.tables;
type RpcName = keyof typeof matrix.rpcs;
const ROLES = matrix.roles as RoleName[];
const OPS: Op[] = ['select', 'insert', 'update', 'delete'];

const { target, personas, runId } = suite();
const service = apiHeaders(target.serviceRoleKey);
let victimId = '';

async function rest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<HttpResponse> {
  return httpRequest(`${target.apiUrl}/rest/v1/${path}`, {
    method,
    headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=representation' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function serviceInsert(table: string, row: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await rest('POST', table, service, row);
  if (res.status !== 201) throw new Error(`seed ${table}: ${res.status} ${res.text}`);
  return (res.json as Record<string, unknown>[])[0]!;
}

const rows = (res: HttpResponse) => (Array.isArray(res.json) ? (res.json as Record<string, unknown>[]) : []);
const refused = (res: HttpResponse) => res.status === 401 || res.status === 403;

/** Per table: the owner column, a filter for a victim row, a new row, and a harmless update. */
interface TableSpec {
  owner?: string;
  victimFilter: () => Promise<string>;
  ownFilter?: (userId: string) => string;
  newRow: (userId?: string) => Record<string, unknown>;
  patch: Record<string, unknown>;
  /** Makes a victim row that a delete may remove. */
  seedForDelete: () => Promise<string>;
  /** For a table with a fixed key (a user's profile, a one-row table): frees it for the service role's insert. */
  clearForInsert?: () => Promise<void>;
}

let seededAlert = '';
let seededEvent = 0;
let seededReport = 0;
const createdAlerts: string[] = [];

const intel = intelTableSpecs(runId, serviceInsert);
const workspace = workspaceTableSpecs(runId, serviceInsert);
const detection = detectionTableSpecs(runId, serviceInsert, () => victimId);
const exposure = exposureTableSpecs(runId, serviceInsert, () => victimId);
const publicSite = publicTableSpecs(runId, serviceInsert);
const admin = adminTableSpecs(runId);
const taxii = taxiiTableSpecs(runId, serviceInsert, () => victimId);
const warninglists = warninglistTableSpecs(runId, serviceInsert);
const exclusions = exclusionTableSpecs(runId, serviceInsert, () => victimId);
const servedFeeds = servedFeedTableSpecs(runId, serviceInsert);
const notifications = notificationTableSpecs(runId, serviceInsert, () => victimId);
const outbound = outboundTableSpecs(runId, serviceInsert);
const groups = groupTableSpecs(runId, serviceInsert, () => victimId);
const cases = caseTableSpecs(runId, serviceInsert, (table, filter) =>
  rest('DELETE', `${table}?${filter}`, service).then(() => undefined),
);
const authoring = authoringTableSpecs(runId, serviceInsert, (table, filter) =>
  rest('DELETE', `${table}?${filter}`, service).then(() => undefined),
);
const demoDataset = demoDatasetSpecs(rest, service);
const enrichment = enrichmentTableSpecs(runId, serviceInsert);

/**
 * An RPC probe's arguments, with each `"$seed:<name>"` value replaced by that seeded row's key
 * (a fresh row's for the seeds made anew on every call).
 */
async function probeArgs(probe: unknown): Promise<unknown> {
  if (probe === null || typeof probe !== 'object' || Array.isArray(probe)) return probe;
  const seeds: Record<string, unknown> = {
    ...exposure.probeSeeds(),
    ...warninglists.probeSeeds(),
    ...exclusions.probeSeeds(),
    ...servedFeeds.probeSeeds(),
  };
  const args: [string, unknown][] = [];
  for (const [k, v] of Object.entries(probe)) {
    if (typeof v !== 'string' || !v.startsWith('$seed:')) {
      args.push([k, v]);
      continue;
    }
    const name = v.slice('$seed:'.length);
    if (!(name in seeds)) throw new Error(`probe argument ${k}: no seeded row ${name}`);
    const seed = seeds[name];
    args.push([k, typeof seed === 'function' ? await (seed as () => Promise<unknown>)() : seed]);
  }
  return Object.fromEntries(args);
}

const SPECS: Record<TableName, TableSpec> = {
  ...intel.specs,
  ...workspace.specs,
  ...detection.specs,
  ...exposure.specs,
  ...publicSite.specs,
  ...admin.specs,
  ...taxii.specs,
  ...warninglists.specs,
  ...exclusions.specs,
  ...servedFeeds.specs,
  ...notifications.specs,
  ...outbound.specs,
  ...groups.specs,
  ...cases.specs,
  ...authoring.specs,
  case_sla_targets: { ...cases.specs.case_sla_targets, clearForInsert: cases.clearSlaTarget },
  ...demoDataset.specs,
  ...enrichment.specs,
  user_roles: {
    owner: 'user_id',
    victimFilter: async () => `user_id=eq.${victimId}`,
    ownFilter: (id) => `user_id=eq.${id}`,
    newRow: () => ({ user_id: victimId, role: 'admin' }),
    patch: { granted_at: new Date().toISOString() },
    seedForDelete: async () => {
      await rest(
        'POST',
        'user_roles',
        { ...service, Prefer: 'resolution=ignore-duplicates' },
        { user_id: victimId, role: 'analyst' },
      );
      return `user_id=eq.${victimId}&role=eq.analyst`;
    },
  },
  // Written only through report_service_health (a browser's health check); the analyst persona's
  // report is the victim row, which only admins with MFA may read.
  service_health_reports: {
    victimFilter: async () => `user_id=eq.${personas.analyst.userId}`,
    newRow: () => ({ user_id: victimId, database: 'down', realtime: 'down', auth: 'down', storage: 'down' }),
    patch: { database: 'down' },
    seedForDelete: async () => `user_id=eq.${personas.analyst.userId}`,
  },
  profiles: {
    owner: 'id',
    victimFilter: async () => `id=eq.${victimId}`,
    ownFilter: (id) => `id=eq.${id}`,
    newRow: () => ({ id: victimId, email: `victim-${runId}@${SUITE_EMAIL_DOMAIN}`, display_name: 'victim' }),
    patch: { display_name: `suite ${runId}` },
    clearForInsert: async () => {
      await rest('DELETE', `profiles?id=eq.${victimId}`, service);
    },
    seedForDelete: async () => {
      const res = await rest('GET', `profiles?id=eq.${victimId}`, service);
      if (rows(res).length === 0)
        await serviceInsert('profiles', { id: victimId, email: '', display_name: 'victim' });
      return `id=eq.${victimId}`;
    },
  },
  security_events: {
    victimFilter: async () => `id=eq.${seededEvent}`,
    newRow: () => ({
      event_type: 'suspicious_activity',
      severity: 'low',
      details: { suite: runId },
      source: 'server',
    }),
    patch: { severity: 'critical' },
    seedForDelete: async () => `id=eq.${seededEvent}`,
  },
  enhanced_security_alerts: {
    victimFilter: async () => `id=eq.${seededAlert}`,
    newRow: () => ({ title: `security-suite probe ${runId}`, category: 'security-suite' }),
    patch: { status: 'acknowledged' },
    seedForDelete: async () => {
      const row = await serviceInsert('enhanced_security_alerts', {
        title: `security-suite delete ${runId}`,
        category: 'security-suite',
      });
      createdAlerts.push(String(row.id));
      return `id=eq.${String(row.id)}`;
    },
  },
  performance_reports: {
    owner: 'user_id',
    victimFilter: async () => `id=eq.${seededReport}`,
    newRow: () => ({
      url: 'https://security-suite.test/probe',
      metrics: { suite: runId },
      reported_at: new Date().toISOString(),
    }),
    patch: { critical: true },
    seedForDelete: async () => `id=eq.${seededReport}`,
  },
};

async function observe(table: TableName, op: Op, role: RoleName): Promise<string> {
  const spec = SPECS[table];
  const headers = roleHeaders(target, personas, role);
  const userId = roleUserId(personas, role);
  if (op === 'select') {
    const res = await rest('GET', `${table}?select=*`, headers);
    if (refused(res) || rows(res).length === 0) return 'deny';
    const victim = await rest('GET', `${table}?select=*&${await spec.victimFilter()}`, headers);
    if (rows(victim).length > 0) return 'allow';
    const owner = spec.owner;
    const own = owner !== undefined && userId !== undefined && rows(res).every((r) => r[owner] === userId);
    return own ? 'own' : `unexpected: ${rows(res).length} rows, none of them the victim's`;
  }
  if (op === 'insert') {
    if (role === 'service_role') await spec.clearForInsert?.();
    const res = await rest('POST', table, headers, spec.newRow(userId));
    if (res.status === 201) {
      const row = rows(res)[0];
      if (table === 'enhanced_security_alerts' && row) createdAlerts.push(String(row.id));
      if (table === 'user_roles')
        await rest('DELETE', `user_roles?user_id=eq.${victimId}&role=eq.admin`, service);
      return 'allow';
    }
    return refused(res) ? 'deny' : `unexpected: ${res.status} ${res.text.slice(0, 200)}`;
  }
  if (op === 'update') {
    const victim = await rest('PATCH', `${table}?${await spec.victimFilter()}`, headers, spec.patch);
    if (!refused(victim) && victim.status !== 200)
      return `unexpected: ${victim.status} ${victim.text.slice(0, 200)}`;
    if (rows(victim).length > 0) return 'allow';
    if (spec.ownFilter && userId !== undefined) {
      const own = await rest('PATCH', `${table}?${spec.ownFilter(userId)}`, headers, spec.patch);
      if (rows(own).length > 0) return 'own';
    }
    return 'deny';
  }
  const filter = await spec.seedForDelete();
  const res = await rest('DELETE', `${table}?${filter}`, headers);
  if (!refused(res) && res.status !== 200) return `unexpected: ${res.status} ${res.text.slice(0, 200)}`;
  return rows(res).length > 0 ? 'allow' : 'deny';
}

beforeAll(async () => {
  victimId = await createUser(
    target,
    `victim-${runId}@${SUITE_EMAIL_DOMAIN}`,
    `Vx${randomBytes(12).toString('hex')}9`,
  );
  await serviceInsert('user_roles', { user_id: victimId, role: 'analyst' });
  await serviceInsert('user_roles', { user_id: personas.analyst.userId, role: 'analyst' });
  const health = await rest('POST', 'rpc/report_service_health', roleHeaders(target, personas, 'analyst'), {
    _database: 'healthy',
    _realtime: 'healthy',
    _auth: 'healthy',
    _storage: 'degraded',
  });
  if (health.status !== 200) throw new Error(`seed service_health_reports: ${health.status} ${health.text}`);
  seededAlert = String(
    (
      await serviceInsert('enhanced_security_alerts', {
        title: `security-suite seed ${runId}`,
        category: 'security-suite',
      })
    ).id,
  );
  createdAlerts.push(seededAlert);
  seededEvent = Number((await serviceInsert('security_events', SPECS.security_events.newRow())).id);
  seededReport = Number(
    (await serviceInsert('performance_reports', { ...SPECS.performance_reports.newRow(), user_id: victimId }))
      .id,
  );
  await intel.seed();
  await workspace.seed();
  await detection.seed();
  await exposure.seed();
  await publicSite.seed();
  await warninglists.seed();
  await exclusions.seed();
  await servedFeeds.seed();
  await Promise.all([notifications.seed(), outbound.seed(), groups.seed(), cases.seed(), authoring.seed()]);
  await taxii.seed([personas.analyst.userId, personas.admin_no_mfa.userId, personas.admin_mfa.userId]);
  await demoDataset.seed();
  await enrichment.seed();
  // Performance reports of the personas themselves, so "own" rows would be visible if allowed.
  for (const role of ['analyst', 'admin_no_mfa'] as const) {
    await serviceInsert('performance_reports', {
      ...SPECS.performance_reports.newRow(),
      user_id: personas[role].userId,
    });
  }
});

afterAll(async () => {
  const remove = async (table: string, filter: string) => {
    await rest('DELETE', `${table}?${filter}`, service);
  };
  await exposure.cleanUp(remove);
  await taxii.cleanUp(remove);
  await publicSite.cleanUp(remove);
  await warninglists.cleanUp(remove);
  await exclusions.cleanUp(remove);
  await servedFeeds.cleanUp(remove);
  await notifications.cleanUp(remove);
  await outbound.cleanUp(remove);
  await enrichment.cleanUp(remove);
  await groups.cleanUp(remove);
  await cases.cleanUp();
  await authoring.cleanUp();
  await detection.cleanUp(remove);
  await workspace.cleanUp(remove);
  await intel.cleanUp(remove);
  await demoDataset.restore();
  for (const id of createdAlerts) await rest('DELETE', `enhanced_security_alerts?id=eq.${id}`, service);
  if (victimId) await deleteUser(target, victimId);
});

describe('API · access matrix (RLS and grants)', () => {
  it('every table and RPC the API exposes has expectations, and every expectation is exposed', async () => {
    // The description at the root follows the caller's privileges (PostgREST's default
    // openapi-mode), so what the API exposes is what any of its roles may use: anon, a signed-in
    // user and the service role together.
    const listings = await Promise.all(
      [apiHeaders(target.anonKey), apiHeaders(target.anonKey, personas.analyst.accessToken), service].map(
        async (headers) => {
          const res = await httpRequest(`${target.apiUrl}/rest/v1/`, { headers });
          expect(res.status).toBe(200);
          return Object.keys((res.json as { paths: Record<string, unknown> }).paths).filter((p) => p !== '/');
        },
      ),
    );
    const paths = [...new Set(listings.flat())];
    // An anonymous caller is not even told the names of the administrators' functions (a signed-in
    // user is: they are granted to `authenticated` and check the caller themselves).
    expect(listings[0]!.filter((p) => p.startsWith('/rpc/admin_'))).toEqual([]);
    expect(listings[1]!.some((p) => p.startsWith('/rpc/admin_'))).toBe(true);
    const exposedTables = paths
      .filter((p) => !p.startsWith('/rpc/'))
      .map((p) => p.slice(1))
      .sort();
    const exposedRpcs = paths
      .filter((p) => p.startsWith('/rpc/'))
      .map((p) => p.slice(5))
      .sort();
    expect({ tables: exposedTables, rpcs: exposedRpcs }).toEqual({
      tables: Object.keys(matrix.tables).sort(),
      rpcs: Object.keys(matrix.rpcs).sort(),
    });
    recordFact('api', 'rls-coverage', {
      tables: exposedTables,
      rpcs: exposedRpcs,
      roles: ROLES,
      operations: OPS.length,
      cells: exposedTables.length * ROLES.length * OPS.length + exposedRpcs.length * ROLES.length,
    });
  });

  for (const table of Object.keys(matrix.tables) as TableName[]) {
    for (const op of OPS) {
      for (const role of ROLES) {
        const expected = (matrix.tables[table] as Record<Op, Record<string, string>>)[op][role]!;
        it(`${table} · ${op} · ${role} → ${expected}`, async () => {
          expect(await observe(table, op, role)).toBe(expected);
        });
      }
    }
  }

  for (const fn of Object.keys(matrix.rpcs) as RpcName[]) {
    const spec = matrix.rpcs[fn] as {
      probe: unknown;
      execute: Record<string, string>;
      result?: Record<string, Record<string, unknown>>;
    };
    for (const role of ROLES) {
      const expected = spec.execute[role]!;
      it(`rpc ${fn} · execute · ${role} → ${expected}`, async () => {
        const res = await rest(
          'POST',
          `rpc/${fn}`,
          roleHeaders(target, personas, role),
          await probeArgs(spec.probe),
        );
        const outcome = refused(res)
          ? 'deny'
          : (res.status >= 200 && res.status < 300) || res.status === 400
            ? 'allow'
            : `unexpected ${res.status}`;
        expect({ outcome, body: outcome === expected ? undefined : res.text }).toEqual({
          outcome: expected,
          body: undefined,
        });
        const wanted = spec.result?.[role];
        if (wanted) expect(res.json).toMatchObject(wanted);
      });
    }
  }
});
