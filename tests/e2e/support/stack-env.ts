/**
 * Where the running stack is, from the STACK_* variables or `stack status` of STACK_WORKDIR (default:
 * the repository root); the shared helper puts what it looked up back into process.env, so Playwright's
 * workers inherit it without asking again.
 */
import { REPO_ROOT, stackEnvironment } from '../../shared/stack-env';

export { REPO_ROOT };

export interface StackEnv {
  webUrl: string;
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  dbUrl: string;
  jwtSecret: string;
  /** The mail catcher (`[local_smtp]`); only the password-recovery spec needs it. */
  mailpitUrl: string | undefined;
}

/** The browser tests need the web app as well as the API and database; the mail catcher is optional. */
export function readStackEnv(): StackEnv {
  const stack = stackEnvironment({
    required: ['API_URL', 'WEB_URL', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'DB_URL', 'JWT_SECRET'],
  });
  return {
    webUrl: stack.WEB_URL!,
    apiUrl: stack.API_URL!,
    anonKey: stack.ANON_KEY!,
    serviceRoleKey: stack.SERVICE_ROLE_KEY!,
    dbUrl: stack.DB_URL!,
    jwtSecret: stack.JWT_SECRET!,
    mailpitUrl: stack.MAILPIT_URL,
  };
}
