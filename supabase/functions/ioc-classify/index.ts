// Edge function `ioc-classify`: extracts indicators of compromise (IPs, domains, URLs, e-mail
// addresses, hashes, CVE ids) from pasted text, typed and defanged. Pure computation: no database.
import { allowedOriginsFromEnv } from '../_shared/cors.ts';
import { createHandler } from './handler.ts';

Deno.serve(createHandler({ allowedOrigins: allowedOriginsFromEnv(Deno.env.get('ALLOWED_ORIGINS')) }));
