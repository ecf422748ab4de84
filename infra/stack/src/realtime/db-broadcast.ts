/**
 * Broadcast from the database: rows inserted into realtime.messages (realtime.send()) are sent to
 * their topic once their transaction commits, as Supabase Realtime's BroadcastChanges handler does
 * it: only rows with a payload, the payload given the message's `id`, private rows to private
 * channels (whose members passed the SELECT policies when they joined) and public rows to public
 * ones. Rolled-back inserts (the gateway's own authorization probes) never reach the stream.
 */
import type { Logger } from '../kernel/logger.js';
import { BroadcastMessage, topicKey, type Hub } from './hub.js';
import type { PgOutputMessage, RelationMessage, TupleValue } from './pgoutput.js';

export const MESSAGES_PUBLICATION = 'supabase_realtime_messages_publication';

interface Pending {
  topic: string;
  event: string;
  isPrivate: boolean;
  json: string;
}

function columnValue(relation: RelationMessage, tuple: TupleValue[], name: string): string | null {
  const index = relation.columns.findIndex((c) => c.name === name);
  const value = index === -1 ? null : tuple[index];
  return typeof value === 'string' ? value : null;
}

export class DatabaseBroadcast {
  private readonly relations = new Map<number, RelationMessage>();
  private pending: Pending[] = [];
  delivered = 0;

  constructor(
    private readonly hub: Hub,
    private readonly log: Logger,
  ) {}

  onMessage(message: PgOutputMessage): void {
    switch (message.tag) {
      case 'relation':
        if (message.schema === 'realtime' && message.table === 'messages')
          this.relations.set(message.relationId, message);
        return;
      case 'insert': {
        const relation = this.relations.get(message.relationId);
        if (relation) this.collect(relation, message.newTuple);
        return;
      }
      case 'commit':
        return this.flush();
      default:
        return;
    }
  }

  private collect(relation: RelationMessage, tuple: TupleValue[]): void {
    const payload = columnValue(relation, tuple, 'payload');
    const topic = columnValue(relation, tuple, 'topic');
    if (payload === null || topic === null) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      this.log('warn', 'realtime.messages payload is not a JSON object; not broadcast', { topic });
      return;
    }
    const id = columnValue(relation, tuple, 'id');
    this.pending.push({
      topic,
      event: columnValue(relation, tuple, 'event') ?? '',
      isPrivate: columnValue(relation, tuple, 'private') === 't',
      json: JSON.stringify({ ...parsed, id }),
    });
  }

  private flush(): void {
    const messages = this.pending;
    this.pending = [];
    for (const m of messages) {
      const message = new BroadcastMessage(
        `realtime:${m.topic}`,
        m.event,
        { encoding: 'json', json: m.json },
        '',
      );
      this.delivered += this.hub.broadcast(topicKey(m.topic, m.isPrivate), message);
    }
  }
}
