import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { makeQueryClient } from '@/lib/query-client';
import { fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { OutboundAddressesSection } from './outbound-addresses-section';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const HOSTILE = '<img src=x onerror=alert(1)>';
let rows: Record<string, unknown>[];
let inserted: unknown[];
let insertError: { code: string; message: string } | null;

/** A builder for `outbound_allowed_addresses`: select answers the rows, insert records its row. */
function table() {
  let answer: () => unknown = () => ({ data: rows, error: null });
  const builder: Record<string, unknown> = {};
  for (const method of ['select', 'order', 'abortSignal', 'eq', 'delete']) builder[method] = () => builder;
  builder.insert = (row: unknown) => {
    inserted.push(row);
    answer = () => ({ data: null, error: insertError });
    return builder;
  };
  builder.then = (resolve: (value: unknown) => unknown) => Promise.resolve(answer()).then(resolve);
  return builder;
}

function renderSection() {
  const user = userEvent.setup();
  render(
    <AppProvider store={makeStore()} queryClient={makeQueryClient()}>
      <OutboundAddressesSection />
    </AppProvider>,
  );
  return { user };
}

beforeEach(() => {
  resetFakeSupabase();
  rows = [
    {
      id: 'a1',
      address: '169.254.10.0/24',
      reason: HOSTILE,
      created_by: null,
      created_at: '2026-11-20T10:00:00Z',
    },
  ];
  inserted = [];
  insertError = null;
  fakeSupabase.from.mockImplementation(table as never);
});

describe('Outbound addresses section', () => {
  it('lists the allowed addresses, the reason as inert text', async () => {
    renderSection();
    const list = await screen.findByRole('table', { name: 'Allowed outbound addresses' });
    expect(within(list).getByText('169.254.10.0/24')).toBeInTheDocument();
    expect(within(list).getByText(HOSTILE)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove 169.254.10.0/24' })).toBeEnabled();
  });

  it('says when nothing is allowed beyond the rules', async () => {
    rows = [];
    renderSection();
    expect(await screen.findByText('No address is allowed beyond the rules.')).toBeInTheDocument();
  });

  it('sends the address and reason trimmed, and shows the server’s refusal in plain words', async () => {
    const { user } = renderSection();
    await screen.findByRole('table', { name: 'Allowed outbound addresses' });
    const allow = screen.getByRole('button', { name: 'Allow' });
    expect(allow).toBeDisabled();
    insertError = { code: '22P02', message: 'invalid input syntax for type cidr: "lab-box"' };
    await user.type(screen.getByLabelText('Address or range'), ' lab-box ');
    await user.type(screen.getByLabelText('Why (what lives there)'), ' the lab MISP ');
    await user.click(allow);
    expect(inserted).toEqual([{ address: 'lab-box', reason: 'the lab MISP' }]);
    expect(
      await screen.findByText('Write an IP address or a CIDR range, like 169.254.10.5 or 10.20.0.0/16.'),
    ).toBeInTheDocument();
  });
});
