// Edge function `taxii`: a TAXII 2.1 server over the knowledge base (discovery at
// /functions/v1/taxii/taxii2/). Deployed with verify_jwt = false: clients use HTTP Basic with an
// API key, which the function checks itself, or a bearer JWT, which the auth server checks.
import postgres from 'postgres';
import { createHandler } from './handler.ts';
import { createPostgresStore } from './postgres-store.ts';

const apiUrl = Deno.env.get('SUPABASE_URL')!;
const sql = postgres(Deno.env.get('SUPABASE_DB_URL')!, {
  max: 4,
  idle_timeout: 30,
  connection: { application_name: 'taxii' },
});

Deno.serve(
  createHandler({
    store: createPostgresStore(sql, {
      url: apiUrl,
      serviceKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!,
    }),
    baseUrl: `${apiUrl}/functions/v1/taxii`,
    log: (message, fields) => console.error(JSON.stringify({ message, ...fields })),
  }),
);
