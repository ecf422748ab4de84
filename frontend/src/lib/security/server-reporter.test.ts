import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const getSession = vi.fn();
const rpc = vi.fn();
vi.mock('@/lib/supabase', () => ({ supabase: () => ({ auth: { getSession }, rpc }) }));

const { sendSecurityEventToServer } = await import('./server-reporter');

beforeEach(() => {
  getSession.mockReset();
  rpc.mockReset();
  localStorage.setItem('sb-127-auth-token', '{}');
});

afterEach(() => localStorage.clear());

describe('sendSecurityEventToServer', () => {
  it('calls log_security_violation with _event_type and _details when signed in', async () => {
    getSession.mockResolvedValue({ data: { session: { access_token: 't' } } });
    rpc.mockResolvedValue({ data: { logged: true }, error: null });
    await sendSecurityEventToServer('devtools_opened', { widthGap: 200 });
    expect(rpc).toHaveBeenCalledWith('log_security_violation', {
      _event_type: 'devtools_opened',
      _details: { widthGap: 200 },
    });
  });

  it('sends nothing without a session (the RPC needs a signed-in user)', async () => {
    getSession.mockResolvedValue({ data: { session: null } });
    await sendSecurityEventToServer('bot_detected', {});
    expect(rpc).not.toHaveBeenCalled();
  });

  it('does not even load the client when this browser holds no session', async () => {
    localStorage.clear();
    await sendSecurityEventToServer('bot_detected', {});
    expect(getSession).not.toHaveBeenCalled();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('turns an RPC error into a rejection for the reporter to swallow', async () => {
    getSession.mockResolvedValue({ data: { session: {} } });
    rpc.mockResolvedValue({
      data: null,
      error: { message: 'Too many security reports; try again in a minute' },
    });
    await expect(sendSecurityEventToServer('csp_violation', {})).rejects.toThrow('Too many security reports');
  });
});
