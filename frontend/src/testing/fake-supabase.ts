/**
 * A stand-in for the backend client at the `supabase()` boundary, for unit tests. Use with
 *   vi.mock('<path>/lib/supabase', async () => (await import('<path>/testing/fake-supabase')).supabaseModuleMock);
 * then drive it: `setInitialSession`, `emitAuthState`, `answerRpc`.
 */
import type { Session } from '@supabase/supabase-js';
import { vi } from 'vitest';

type AuthListener = (event: string, session: Session | null) => void;
type RpcAnswer = { data: unknown; error: { message: string } | null };

const listeners = new Set<AuthListener>();
let initialSession: Session | null = null;
let rpcAnswers: Record<string, (args: unknown) => RpcAnswer | Promise<RpcAnswer>> = {
  mfa_required: () => ({ data: false, error: null }),
};

export function makeSession(user: { id?: string; email?: string } = {}): Session {
  const id = user.id ?? 'user-1';
  return {
    access_token: 'test-access-token',
    refresh_token: 'test-refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: 1_900_000_000,
    user: {
      id,
      email: user.email ?? 'analyst@cti.local',
      app_metadata: {},
      user_metadata: {},
      aud: 'authenticated',
      created_at: '2026-01-01T00:00:00Z',
    },
  };
}

export const fakeAuth = {
  onAuthStateChange: vi.fn((listener: AuthListener) => {
    listeners.add(listener);
    // Like the real client: the current session arrives asynchronously as INITIAL_SESSION.
    queueMicrotask(() => listener('INITIAL_SESSION', initialSession));
    return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
  }),
  getSession: vi.fn(async () => ({ data: { session: initialSession }, error: null })),
  signOut: vi.fn(async (_options?: { scope?: string }) => ({ error: null as Error | null })),
  signInWithPassword: vi.fn(),
  refreshSession: vi.fn(async (): Promise<{ data: unknown; error: null }> => ({
    data: { session: initialSession },
    error: null,
  })),
  /** supabase-js `auth.mfa`: by default a session at aal1 whose user has no factor. */
  mfa: {
    getAuthenticatorAssuranceLevel: vi.fn(async () => ({
      data: { currentLevel: 'aal1', nextLevel: 'aal1', currentAuthenticationMethods: [] },
      error: null,
    })),
    listFactors: vi.fn(async () => ({ data: { all: [], totp: [], phone: [], webauthn: [] }, error: null })),
    enroll: vi.fn(),
    challengeAndVerify: vi.fn(),
    unenroll: vi.fn(),
  },
};

/**
 * A PostgREST builder stand-in: every filter or modifier returns itself, and awaiting it gives the
 * answer. Pages chain `.eq().order().limit().abortSignal()`; tests only care about what comes back.
 */
function chain(
  answer: () => RpcAnswer | Promise<RpcAnswer>,
): PromiseLike<RpcAnswer> & Record<string, unknown> {
  const builder: Record<string, unknown> = {};
  const self = () => builder;
  for (const method of [
    'select',
    'eq',
    'neq',
    'in',
    'is',
    'not',
    'or',
    'gte',
    'lt',
    'lte',
    'gt',
    'order',
    'limit',
    'range',
    'abortSignal',
    'single',
    'maybeSingle',
    'insert',
    'update',
    'delete',
  ]) {
    builder[method] = self;
  }
  builder.then = (resolve: (value: RpcAnswer) => unknown, reject: (reason: unknown) => unknown) =>
    Promise.resolve().then(answer).then(resolve, reject);
  return builder as PromiseLike<RpcAnswer> & Record<string, unknown>;
}

const noChannel = () => {
  const channel = { on: () => channel, subscribe: () => channel };
  return channel;
};

type StorageAnswer = { data: unknown; error: { message: string } | null };
let storageAnswer: (method: string, bucket: string, args: unknown[]) => StorageAnswer = () => ({
  data: null,
  error: { message: 'no fake storage answer' },
});

/** `storage.from(bucket).upload/remove(...)`: each call is recorded in `fakeStorage.calls`. */
export const fakeStorage = {
  calls: [] as { method: string; bucket: string; args: unknown[] }[],
  from: vi.fn((bucket: string) => {
    const call =
      (method: string) =>
      async (...args: unknown[]) => {
        fakeStorage.calls.push({ method, bucket, args });
        return storageAnswer(method, bucket, args);
      };
    return { upload: call('upload'), remove: call('remove'), list: call('list') };
  }),
};

export function answerStorage(answer: typeof storageAnswer) {
  storageAnswer = answer;
}

export const fakeSupabase = {
  auth: fakeAuth,
  storage: fakeStorage,
  rpc: vi.fn((name: string, args?: unknown) =>
    chain(() => {
      const answer = rpcAnswers[name];
      if (!answer) return { data: null, error: { message: `no fake answer for ${name}` } };
      return answer(args);
    }),
  ),
  from: vi.fn((table: string) => chain(() => ({ data: [], error: null, table }) as RpcAnswer)),
  channel: vi.fn(noChannel),
  removeChannel: vi.fn(async () => 'ok'),
};

export const supabaseModuleMock = { supabase: () => fakeSupabase };

/** Where supabase-js keeps a session; the app only loads the client at start when this key exists. */
export const STORED_SESSION_KEY = 'sb-fake-auth-token';

export function setInitialSession(session: Session | null) {
  initialSession = session;
  if (session)
    localStorage.setItem(STORED_SESSION_KEY, JSON.stringify({ access_token: session.access_token }));
  else localStorage.removeItem(STORED_SESSION_KEY);
}

export function emitAuthState(event: string, session: Session | null) {
  listeners.forEach((listener) => listener(event, session));
}

export function answerRpc(name: string, answer: (args: unknown) => RpcAnswer | Promise<RpcAnswer>) {
  rpcAnswers[name] = answer;
}

/** validate_admin_access answering a fixed result. */
export function answerAdminValidation(authorized: boolean, reason: string | null) {
  answerRpc('validate_admin_access', () => ({ data: { authorized, reason }, error: null }));
}

export function resetFakeSupabase() {
  listeners.clear();
  initialSession = null;
  localStorage.removeItem(STORED_SESSION_KEY);
  rpcAnswers = { mfa_required: () => ({ data: false, error: null }) };
  fakeStorage.calls = [];
  answerStorage(() => ({ data: null, error: { message: 'no fake storage answer' } }));
  vi.clearAllMocks();
  // Back to the defaults above (a session at aal1 whose user has no factor).
  for (const mock of Object.values(fakeAuth.mfa)) mock.mockReset();
}
