import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { system } from '@/theme/system';
import type { AlertRow } from '@/features/alerts/api/list-alerts';
import { AlertDrawer } from './alert-drawer';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const BASE: AlertRow = {
  id: 'a0000000-0000-4000-a000-000000000001',
  title: '',
  description: '',
  severity: 'high',
  status: 'dismissed',
  category: 'network',
  source: 'matching-engine',
  created_at: '2026-11-26T05:05:13Z',
  updated_at: '2026-11-26T05:05:13Z',
  resolved_at: null,
  assigned_to: null,
  false_positive: false,
  dismissal_reason: 'Our scanner at 10.1.2.3',
  indicator_id: null,
  cve_id: null,
  metadata: {},
};

function answerNotes(bodies: string[]) {
  const builder: Record<string, unknown> = {};
  for (const method of ['select', 'eq', 'order', 'limit']) builder[method] = () => builder;
  builder.then = (resolve: (value: unknown) => unknown) =>
    Promise.resolve({
      data: bodies.map((body, i) => ({ id: i, body, author_id: null, created_at: '2026-11-27T00:00:00Z' })),
      error: null,
    }).then(resolve);
  vi.mocked(fakeSupabase.from).mockImplementation((() => builder) as unknown as typeof fakeSupabase.from);
}

function renderDrawer(alert: AlertRow) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <AlertDrawer
          alert={alert}
          open
          onClose={() => {}}
          onMove={() => {}}
          onAssign={() => {}}
          busy={false}
          context={null}
        />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  resetFakeSupabase();
  answerRpc('assignable_users', () => ({ data: [], error: null }));
  answerRpc('alert_history', () => ({ data: [], error: null }));
  answerNotes(['host 10.1.2.3 is our jump box']);
});

describe('AlertDrawer defanging', () => {
  it('leaves our own asset readable in a KEV-exposure alert', async () => {
    renderDrawer({
      ...BASE,
      category: 'vulnerability',
      title: 'CVE-2024-3400 on vpn.demo-corp.example: PAN-OS Command Injection',
      description: 'vpn.demo-corp.example runs PAN-OS 10.2.',
    });
    expect(
      await screen.findByText('CVE-2024-3400 on vpn.demo-corp.example: PAN-OS Command Injection'),
    ).toBeInTheDocument();
    expect(screen.getByText('vpn.demo-corp.example runs PAN-OS 10.2.')).toBeInTheDocument();
  });

  it('defangs the indicator an intelligence alert names', async () => {
    renderDrawer({ ...BASE, title: 'Domain jonrook.com seen by dmz-ids-02' });
    expect(await screen.findByText('Domain jonrook[.]com seen by dmz-ids-02')).toBeInTheDocument();
  });

  it('shows an analyst’s own note and dismissal reason as written', async () => {
    const user = renderDrawer({ ...BASE, title: 'Domain jonrook.com seen by dmz-ids-02' });
    expect(await screen.findByText('Our scanner at 10.1.2.3')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /notes/i }));
    expect(await screen.findByText('host 10.1.2.3 is our jump box')).toBeInTheDocument();
  });
});
