/**
 * The current schema cache and in-database settings and their reloads: loaded at start, reloaded on
 * any `NOTIFY pgrst` ('reload schema' from the bootstrap's event triggers after DDL, or 'reload
 * config' after `alter role authenticator set pgrst.…`), and after the listener reconnects, since
 * DDL may have happened while Postgres was away.
 */
import type pg from 'pg';
import type { Logger } from '../../kernel/logger.js';
import { buildSchemaCache, type CatalogJson } from './build.js';
import { CATALOG_QUERY } from './catalog-query.js';
import { DB_SETTINGS_QUERY, GEOJSON_QUERY, resolveSettings, type RestSettings } from './db-settings.js';
import type { SchemaCache } from './types.js';

const RECONNECT_DELAY_MS = [250, 500, 1000, 2000, 5000];

export interface LoadedSchema {
  cache: SchemaCache;
  settings: RestSettings;
}

/** The catalog and the in-database settings, read in one transaction so they always match. */
export async function loadSchemaCache(
  pool: pg.Pool,
  schemas: string[],
  defaults: RestSettings,
): Promise<LoadedSchema> {
  const client = await pool.connect();
  // Checked-out clients have no pool error listener; the failing query reports the error.
  const ignoreError = (): void => undefined;
  client.on('error', ignoreError);
  try {
    await client.query("BEGIN READ ONLY; SET LOCAL search_path TO ''");
    const { rows } = await client.query<{ cache: CatalogJson }>(CATALOG_QUERY, [schemas]);
    const settings = await client.query<{ key: string; value: string }>(DB_SETTINGS_QUERY);
    const geo = await client.query<{ available: boolean }>(GEOJSON_QUERY);
    await client.query('COMMIT');
    client.removeListener('error', ignoreError);
    client.release();
    return {
      cache: buildSchemaCache(rows[0]!.cache),
      settings: resolveSettings(settings.rows, defaults, geo.rows[0]?.available === true),
    };
  } catch (error) {
    client.removeListener('error', ignoreError);
    client.release(true);
    throw error;
  }
}

export class SchemaCacheStore {
  private current: LoadedSchema | undefined;
  private listener: pg.PoolClient | undefined;
  private stopped = false;
  private reloading: Promise<void> | undefined;
  private reloadAgain = false;
  private reconnectAttempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly schemas: string[],
    private readonly log: Logger,
    private readonly defaults: RestSettings,
  ) {}

  /** Undefined until the first load succeeds (requests then get 503 PGRST002). */
  get cache(): SchemaCache | undefined {
    return this.current?.cache;
  }

  /** The in-database settings read with the current cache (config.toml's before the first load). */
  get settings(): RestSettings {
    return this.current?.settings ?? this.defaults;
  }

  async start(): Promise<void> {
    await this.reload();
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.dropListener();
  }

  private dropListener(): void {
    const client = this.listener;
    this.listener = undefined;
    if (!client) return;
    client.removeAllListeners();
    client.on('error', () => undefined);
    client.release(true);
  }

  /** Reloads now; a reload requested while one runs is coalesced into one more. */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.reloadAgain = false;
        this.current = await loadSchemaCache(this.pool, this.schemas, this.defaults);
      } while (this.reloadAgain);
    })().finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  private async listen(): Promise<void> {
    const client = await this.pool.connect();
    this.listener = client;
    const lost = (reason: unknown): void => {
      if (this.listener !== client) return;
      this.dropListener();
      this.log('warn', 'schema cache listener lost; reconnecting', { reason: String(reason) });
      this.scheduleReconnect();
    };
    client.on('notification', (message) => {
      if (message.channel !== 'pgrst') return;
      this.reload().catch((error: unknown) =>
        this.log('error', 'schema cache reload failed', { error: String(error) }),
      );
    });
    client.on('error', lost);
    client.on('end', () => lost('connection ended'));
    try {
      await client.query('LISTEN pgrst');
    } catch (error) {
      if (this.listener === client) this.dropListener();
      throw error;
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = RECONNECT_DELAY_MS[Math.min(this.reconnectAttempt, RECONNECT_DELAY_MS.length - 1)]!;
    this.reconnectAttempt++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.listen()
        .then(() => this.reload())
        .then(() => {
          this.reconnectAttempt = 0;
          this.log('info', 'schema cache listener reconnected');
        })
        .catch(() => {
          this.dropListener();
          this.scheduleReconnect();
        });
    }, delay);
  }
}
