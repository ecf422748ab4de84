/**
 * The logical replication stream postgres_changes is built on: one walsender connection with a
 * TEMPORARY pgoutput slot over the publication `supabase_realtime`. A temporary slot lives only as
 * long as its connection, so a gateway that stops, crashes or is killed never leaves a slot behind
 * holding WAL. Changes made while the stream is down are not replayed (as in Supabase, where
 * subscribers only see changes after they subscribed).
 *
 * It logs in as `supabase_replication_admin` (LOGIN REPLICATION, no superuser) over the cluster's
 * private unix socket, where the stack trusts local connections: the least privilege that can
 * stream, and no extra password to manage.
 */
import pg from 'pg';
import type { Logger } from '../kernel/logger.js';
import {
  decodePgOutput,
  decodeWalSender,
  encodeStandbyStatus,
  formatLsn,
  type PgOutputMessage,
} from './pgoutput.js';

export interface ReplicationOptions {
  socketDir: string;
  port: number;
  user: string;
  database: string;
  publication: string;
  log: Logger;
  /** Every decoded message, in WAL order. */
  onMessage: (message: PgOutputMessage) => void;
}

const RECONNECT_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000];
const STATUS_INTERVAL_MS = 10_000;

interface ReplicationConnection {
  on(event: 'copyData', listener: (msg: { chunk: Buffer }) => void): void;
  once(event: 'replicationStart', listener: () => void): void;
  sendCopyFromChunk(chunk: Buffer): void;
}

export class ReplicationStream {
  connected = false;
  slotName: string | undefined;
  lastError: string | undefined;
  private client: pg.Client | undefined;
  private receivedLsn = 0n;
  private stopped = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private statusTimer: NodeJS.Timeout | undefined;
  private slotCounter = 0;

  constructor(private readonly options: ReplicationOptions) {}

  /** Connects in the background; failures are retried until stop(). */
  start(): void {
    this.stopped = false;
    void this.connect();
  }

  private async connect(): Promise<void> {
    const { socketDir, port, user, database, publication, log } = this.options;
    const client = new pg.Client({
      host: socketDir,
      port,
      user,
      database,
      replication: 'database',
      // Text output of timestamps as the rest of the stack sees them.
      options: '-c datestyle=ISO,MDY -c timezone=UTC -c extra_float_digits=3',
    } as pg.ClientConfig);
    this.client = client;
    let lostOnce = false;
    const lost = (reason: unknown): void => {
      if (lostOnce) return;
      lostOnce = true;
      if (this.client === client) this.client = undefined;
      const wasConnected = this.connected;
      this.connected = false;
      this.lastError = reason instanceof Error ? reason.message : String(reason);
      client.end().catch(() => undefined);
      if (this.stopped) return;
      log(wasConnected ? 'warn' : 'debug', 'realtime replication stream lost', { reason: this.lastError });
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost('connection ended'));
    try {
      await client.connect();
      const slot = `realtime_stack_${process.pid}_${++this.slotCounter}_${Date.now().toString(36)}`;
      await client.query(`CREATE_REPLICATION_SLOT ${slot} TEMPORARY LOGICAL pgoutput NOEXPORT_SNAPSHOT`);
      const connection = (client as unknown as { connection: ReplicationConnection }).connection;
      connection.on('copyData', (msg) => this.onCopyData(connection, msg.chunk));
      connection.once('replicationStart', () => {
        this.connected = true;
        this.slotName = slot;
        this.attempt = 0;
        this.lastError = undefined;
        log('info', 'realtime replication stream connected', { slot });
      });
      const quotedPublication = publication.replace(/'/g, "''");
      client
        .query(
          `START_REPLICATION SLOT ${slot} LOGICAL 0/0 (proto_version '1', publication_names '${quotedPublication}')`,
        )
        .then(() => lost('replication ended'), lost);
      if (!this.statusTimer) {
        this.statusTimer = setInterval(() => this.sendStatus(), STATUS_INTERVAL_MS);
        this.statusTimer.unref();
      }
    } catch (error) {
      lost(error);
    }
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.reconnectTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    this.attempt++;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connect();
    }, delay);
    this.reconnectTimer.unref();
  }

  private onCopyData(connection: ReplicationConnection, chunk: Buffer): void {
    const message = decodeWalSender(chunk);
    if (message.tag === 'keepalive') {
      if (message.walEnd > this.receivedLsn) this.receivedLsn = message.walEnd;
      if (message.replyRequested) this.sendStatus(connection);
      return;
    }
    if (message.tag !== 'xlogdata') return;
    if (message.walEnd > this.receivedLsn) this.receivedLsn = message.walEnd;
    let decoded: PgOutputMessage;
    try {
      decoded = decodePgOutput(message.data);
    } catch (error) {
      this.options.log('error', 'realtime could not decode a replication message', {
        error: (error as Error).message,
      });
      return;
    }
    try {
      this.options.onMessage(decoded);
    } catch (error) {
      this.options.log('error', 'realtime change handler failed', { error: (error as Error).stack });
    }
  }

  /**
   * Confirms everything received so far: the slot is temporary and nothing is replayed, so the
   * server may release that WAL at once.
   */
  private sendStatus(connection?: ReplicationConnection): void {
    const conn =
      connection ??
      (this.client as unknown as { connection?: ReplicationConnection } | undefined)?.connection;
    if (!conn || !this.connected) return;
    try {
      conn.sendCopyFromChunk(encodeStandbyStatus(this.receivedLsn, Date.now()));
    } catch {
      // The connection is going away; its error handler reconnects.
    }
  }

  get position(): string {
    return formatLsn(this.receivedLsn);
  }

  /** Ends the stream; Postgres drops the temporary slot with the connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.statusTimer) clearInterval(this.statusTimer);
    this.reconnectTimer = undefined;
    this.statusTimer = undefined;
    const client = this.client;
    this.client = undefined;
    this.connected = false;
    if (client) await client.end().catch(() => undefined);
  }
}
