/**
 * postgres_changes on a channel: the join's bindings checked against the catalog (tables and
 * filter columns must exist) and the system message subscribers wait for. Delivery of the changes
 * themselves is the change feed's (../changes).
 */
import { FilterError, parseFilter, typeFamily, validateCondition, type FilterCondition } from '../filters.js';
import type { Channel, PgBinding, PgEvent } from '../hub.js';
import type { ChannelSocket, JoinedChannel } from './channel-socket.js';

const PG_EVENTS = new Set<PgEvent>(['*', 'INSERT', 'UPDATE', 'DELETE']);
const SUBSCRIBED = 'Subscribed to PostgreSQL';

export interface Subscription {
  bindings: PgBinding[];
  /** Why the bindings were refused; the join stands and the client hears it as a system error. */
  error: string | undefined;
}

/** A binding's `select`: undefined when absent, null when it is not a list of column names. */
function selectedColumns(select: unknown): ReadonlySet<string> | undefined | null {
  if (select === undefined || select === null) return undefined;
  if (!Array.isArray(select) || select.length === 0) return null;
  if (!select.every((c) => typeof c === 'string' && c !== '')) return null;
  return new Set(select as string[]);
}

async function buildBinding(
  socket: ChannelSocket,
  channel: Channel,
  params: Record<string, unknown>,
): Promise<PgBinding> {
  const describe = `[event: ${String(params.event)}, schema: ${String(params.schema)}, table: ${String(params.table ?? '*')}, filters: ${String(params.filter ?? '')}]`;
  const unable = (why: string) =>
    new FilterError(
      `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${describe} (${why})`,
    );
  const event = typeof params.event === 'string' ? params.event.toUpperCase() : '';
  if (!PG_EVENTS.has(event as PgEvent)) throw unable('event must be *, INSERT, UPDATE or DELETE');
  const schema = typeof params.schema === 'string' && params.schema !== '' ? params.schema : undefined;
  if (!schema) throw unable('schema is required');
  const table = typeof params.table === 'string' && params.table !== '' ? params.table : undefined;
  let filter: FilterCondition[];
  try {
    filter = parseFilter(typeof params.filter === 'string' ? params.filter : undefined);
  } catch (error) {
    throw unable((error as Error).message);
  }
  const wildcard = table === undefined || table === '*';
  if (wildcard && filter.length > 0) throw unable('filters need a table');
  const select = selectedColumns(params.select);
  if (select === null) throw unable('select must be a list of column names');
  if (wildcard && select) throw unable('select needs a table');
  if (!wildcard) {
    const relation = await socket.deps.catalog.relationByName(schema, table);
    if (!relation) throw unable(`table ${schema}.${table} does not exist`);
    for (const name of select ?? []) {
      if (!relation.byName.has(name)) throw unable(`column ${name} does not exist`);
    }
    for (const condition of filter) {
      const column = relation.byName.get(condition.column);
      if (!column) throw unable(`column ${condition.column} does not exist`);
      try {
        validateCondition(condition, typeFamily(column.base));
      } catch (error) {
        throw unable((error as Error).message);
      }
    }
  }
  return { id: params.id as number, event: event as PgEvent, schema, table, filter, select, channel };
}

/** The bindings a join asked for (`params` as echoed, with ids); one bad binding refuses them all. */
export async function subscribePostgresChanges(
  socket: ChannelSocket,
  channel: Channel,
  requested: Record<string, unknown>[],
): Promise<Subscription> {
  const bindings: PgBinding[] = [];
  try {
    for (const params of requested) bindings.push(await buildBinding(socket, channel, params));
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    return { bindings: [], error: error.message };
  }
  return { bindings, error: undefined };
}

/** The system message subscribers wait for (web app health checks want it within 2 s). */
export async function announcePostgresChanges(
  socket: ChannelSocket,
  channel: JoinedChannel,
  error: string | undefined,
): Promise<void> {
  if (error) return socket.systemMessage(channel, 'postgres_changes', 'error', error);
  const ready = await socket.deps.replicationReady();
  if (channel.closed) return;
  if (ready) socket.systemMessage(channel, 'postgres_changes', 'ok', SUBSCRIBED);
  else {
    socket.systemMessage(
      channel,
      'postgres_changes',
      'error',
      'RealtimeDisabledForConfiguration: the replication stream is not connected; changes are delivered once it is',
    );
  }
}

/** Supabase re-subscribes postgres_changes with a refreshed token's claims and says so again. */
export function resubscribePostgresChanges(socket: ChannelSocket, channel: JoinedChannel): void {
  if (channel.bindings.length > 0) socket.systemMessage(channel, 'postgres_changes', 'ok', SUBSCRIBED);
}
