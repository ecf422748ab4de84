/**
 * The four health probes of SPEC §7. Each is healthy when the call succeeds, degraded when it answers
 * with an error, down when it throws (SPEC §4). Realtime is healthy only when the server's system
 * message arrives within 2 s.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { HEALTH } from '@/config/constants';
import { createLogger } from '@/lib/security/logger';
import type { ServiceName, ServiceStatus } from '@/features/health/utils/service-status';

const logger = createLogger('health');

async function classify(
  service: ServiceName,
  call: () => PromiseLike<{ error: unknown }>,
): Promise<ServiceStatus> {
  try {
    const { error } = await call();
    if (!error) return 'healthy';
    logger.warn('Health check answered with an error', { service });
    return 'degraded';
  } catch (error) {
    logger.error('Health check failed', {
      service,
      message: error instanceof Error ? error.message : String(error),
    });
    return 'down';
  }
}

export function checkDatabase(client: SupabaseClient): Promise<ServiceStatus> {
  return classify('database', () => client.from('enhanced_security_alerts').select('id').limit(1));
}

export function checkAuth(client: SupabaseClient): Promise<ServiceStatus> {
  return classify('auth', () => client.auth.getSession());
}

export function checkStorage(client: SupabaseClient): Promise<ServiceStatus> {
  return classify('storage', () => client.storage.listBuckets());
}

let probeSerial = 0;

interface SystemMessage {
  status?: string;
}

export async function checkRealtime(
  client: SupabaseClient,
  waitMs: number = HEALTH.realtimeWaitMs,
): Promise<ServiceStatus> {
  probeSerial += 1;
  let channel: ReturnType<SupabaseClient['channel']> | undefined;
  try {
    channel = client.channel(`health-check-${probeSerial}`);
    const subscribed = channel;
    const answered = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), waitMs);
      // The server sends its system message only for channels that ask for postgres_changes.
      subscribed
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'enhanced_security_alerts' },
          () => undefined,
        )
        .on('system', {}, (message: SystemMessage) => {
          clearTimeout(timer);
          resolve(message.status !== 'error');
        })
        .subscribe((status) => {
          // A refused or timed-out join will not bring the message; no need to wait out the 2 s.
          if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
            clearTimeout(timer);
            resolve(false);
          }
        });
    });
    if (!answered) logger.warn('Realtime did not confirm the subscription in time', { waitMs });
    return answered ? 'healthy' : 'degraded';
  } catch (error) {
    logger.error('Health check failed', {
      service: 'realtime',
      message: error instanceof Error ? error.message : String(error),
    });
    return 'down';
  } finally {
    if (channel) await client.removeChannel(channel).catch(() => undefined);
  }
}

export async function checkAllServices(client: SupabaseClient): Promise<Record<ServiceName, ServiceStatus>> {
  const [database, realtime, auth, storage] = await Promise.all([
    checkDatabase(client),
    checkRealtime(client),
    checkAuth(client),
    checkStorage(client),
  ]);
  return { database, realtime, auth, storage };
}
