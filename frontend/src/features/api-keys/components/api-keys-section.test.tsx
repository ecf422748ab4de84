import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { makeQueryClient } from '@/lib/query-client';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { ApiKeysSection } from './api-keys-section';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const HOSTILE = '<img src=x onerror=alert(1)>';
const KEY_ID = '11111111-2222-4333-8444-555555555555';
const SECRET = 'ctk_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCd';
let keys: Record<string, unknown>[];

function renderSection() {
  const user = userEvent.setup();
  render(
    <AppProvider store={makeStore()} queryClient={makeQueryClient()}>
      <ApiKeysSection />
    </AppProvider>,
  );
  return { user };
}

beforeEach(() => {
  resetFakeSupabase();
  document.head.innerHTML = `<meta name="cti-runtime-config" content='${JSON.stringify({
    supabaseUrl: 'http://127.0.0.1:54321',
    supabaseAnonKey: 'x'.repeat(40),
  })}'>`;
  keys = [
    {
      id: KEY_ID,
      name: HOSTILE,
      prefix: 'ctk_AbCdEfGh',
      created_at: '2026-11-01T10:00:00Z',
      last_used_at: null,
      revoked_at: null,
    },
  ];
  answerRpc('list_api_keys', () => ({ data: keys, error: null }));
});

describe('API keys section', () => {
  it('lists keys by name and prefix, names as inert text, with a working example', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: 'Your API keys' });
    expect(within(table).getByText(HOSTILE)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(within(table).getByText('ctk_AbCdEfGh…')).toBeInTheDocument();
    expect(screen.getByLabelText('Example request')).toHaveTextContent(`curl -u '${KEY_ID}:<secret>'`);
    expect(screen.getByText('http://127.0.0.1:54321/functions/v1/taxii/taxii2/')).toBeInTheDocument();
  });

  it('wraps the discovery URL and the example anywhere, so a phone does not scroll sideways', async () => {
    renderSection();
    const example = await screen.findByLabelText('Example request');
    const url = screen.getByText('http://127.0.0.1:54321/functions/v1/taxii/taxii2/');
    for (const code of [example, url]) expect(getComputedStyle(code).overflowWrap).toBe('anywhere');
  });

  it('shows a new secret once, and forgets it when dismissed', async () => {
    answerRpc('create_api_key', () => ({
      data: [
        {
          id: KEY_ID,
          name: 'SIEM',
          prefix: 'ctk_AbCdEfGh',
          secret: SECRET,
          created_at: '2026-11-02T00:00:00Z',
        },
      ],
      error: null,
    }));
    const { user } = renderSection();
    await user.type(await screen.findByLabelText('Key name'), '  SIEM ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('api-key-secret')).toHaveTextContent(SECRET);
    expect(fakeSupabase.rpc).toHaveBeenCalledWith('create_api_key', { _name: 'SIEM' });
    await user.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('revokes a key and says so when the server refuses', async () => {
    answerRpc('revoke_api_key', () => ({ data: false, error: null }));
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: `Revoke ${HOSTILE}` }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('already revoked or is not yours'),
    );
    expect(fakeSupabase.rpc).toHaveBeenCalledWith('revoke_api_key', { _id: KEY_ID });
  });
});
