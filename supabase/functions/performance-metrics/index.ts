// Edge function `performance-metrics`: files the app's performance reports as the caller (the
// database's file_performance_report decides who reported and whether it is critical).
import { clientAs } from '../_shared/caller.ts';
import { allowedOriginsFromEnv } from '../_shared/cors.ts';
import { WindowRateLimiter } from '../_shared/rate-limit.ts';
import { createHandler } from './handler.ts';

const handler = createHandler({
  limiter: new WindowRateLimiter(30, 60_000),
  allowedOrigins: allowedOriginsFromEnv(
    Deno.env.get('ALLOWED_ORIGINS') ?? 'http://127.0.0.1:4173,http://localhost:4173',
  ),
  store: async (report, token) => {
    const { error } = await clientAs(token).rpc('file_performance_report', {
      _url: report.url,
      _user_agent: report.user_agent,
      _metrics: report.metrics,
      _reported_at: report.reported_at,
    });
    if (error) throw new Error(`could not store the report: ${error.message}`);
  },
});

Deno.serve(handler);
