// Edge function `feeds`: exports for security controls served to sensors that poll them
// (GET /functions/v1/feeds/<id>, Authorization: Bearer <feed token>). Deployed with
// verify_jwt = false: feed tokens are not JWTs; the function checks them itself.
import postgres from 'postgres';
import { createHandler } from './handler.ts';
import { createPostgresStore } from './postgres-store.ts';

const log = (message: string, fields: Record<string, unknown>) =>
  console.error(JSON.stringify({ message, ...fields }));

const sql = postgres(Deno.env.get('SUPABASE_DB_URL')!, {
  max: 6,
  idle_timeout: 30,
  connection: { application_name: 'feeds' },
});

Deno.serve(
  createHandler({
    store: createPostgresStore(sql, (message, error) => log(message, { error: String(error) })),
    log,
  }),
);
