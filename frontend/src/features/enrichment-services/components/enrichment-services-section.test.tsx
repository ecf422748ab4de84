import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { system } from '@/theme/system';
import { EnrichmentServicesSection } from './enrichment-services-section';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const SERVICE = {
  id: 'abuseipdb',
  name: 'AbuseIPDB',
  indicator_types: ['ipv4', 'ipv6'],
  needs_key: true,
  enabled: true,
  base_url: 'https://api.abuseipdb.com/api/v2',
  ttl_hours: 24,
  has_key: true,
  last_error: 'AbuseIPDB refused the API key (HTTP 401): check it in System Configuration.',
  last_error_at: '2026-11-27T20:33:00Z',
  updated_at: '2026-11-27T20:00:00Z',
};

function renderSection() {
  vi.mocked(fakeSupabase.from).mockImplementation((() => {
    const builder: Record<string, unknown> = {};
    for (const method of ['select', 'order', 'abortSignal']) builder[method] = () => builder;
    builder.then = (resolve: (value: unknown) => unknown) =>
      Promise.resolve({ data: [SERVICE], error: null }).then(resolve);
    return builder;
  }) as unknown as typeof fakeSupabase.from);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <EnrichmentServicesSection />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

beforeEach(() => resetFakeSupabase());

describe('System Configuration, enrichment services', () => {
  it('shows whether a key is set, never a key, and the latest failure', async () => {
    renderSection();
    const row = (await screen.findByText('AbuseIPDB')).closest('tr')!;
    expect(within(row).getByText('Key set')).toBeInTheDocument();
    expect(within(row).getByText(/refused the API key \(HTTP 401\)/)).toBeInTheDocument();
  });

  it('keeps the stored key when the key field is left empty, and replaces it when one is typed', async () => {
    const saved = vi.fn((_args: unknown) => ({ data: SERVICE, error: null }));
    answerRpc('update_enrichment_service', saved);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit AbuseIPDB' }));
    const key = screen.getByLabelText(/API key/);
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('placeholder', 'Set — type a new key to replace it');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toHaveBeenLastCalledWith(
      expect.objectContaining({ _id: 'abuseipdb', _enabled: true, _api_key: undefined, _clear_key: false }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit AbuseIPDB' }));
    await userEvent.type(screen.getByLabelText(/API key/), 'new-key-42');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(saved).toHaveBeenLastCalledWith(expect.objectContaining({ _api_key: 'new-key-42' }));
  });
});
