import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { system } from '@/theme/system';
import { IndicatorEnrichmentTab } from './indicator-enrichment-tab';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const SERVICES = [
  { id: 'abuseipdb', name: 'AbuseIPDB', indicator_types: ['ipv4', 'ipv6'], enabled: true },
  { id: 'rdap', name: 'RDAP registration', indicator_types: ['ipv4', 'ipv6', 'domain'], enabled: false },
];
const RESULT = {
  id: 1,
  indicator_id: 7,
  service_id: 'abuseipdb',
  status: 'ok',
  requested_by: null,
  requested_at: '2026-11-27T10:00:00Z',
  fetched_at: '2026-11-27T10:00:05Z',
  expires_at: '2026-11-28T10:00:05Z',
  summary: { confidence: 100, reports: 1289, isp: '<img src=x onerror=alert(1)>' },
  link: 'https://www.abuseipdb.com/check/198.51.100.7',
  score_delta: 15,
  error: null,
  retry_at: null,
  attempts: 1,
};

function answerTables(results: unknown[]) {
  vi.mocked(fakeSupabase.from).mockImplementation(((table: string) => {
    const builder: Record<string, unknown> = {};
    for (const method of ['select', 'eq', 'order', 'abortSignal']) builder[method] = () => builder;
    builder.then = (resolve: (value: unknown) => unknown) =>
      Promise.resolve({ data: table === 'enrichment_services' ? SERVICES : results, error: null }).then(
        resolve,
      );
    return builder;
  }) as unknown as typeof fakeSupabase.from);
}

function renderTab(type = 'ipv4') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <IndicatorEnrichmentTab id={7} type={type} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

beforeEach(() => resetFakeSupabase());

describe('the drawer’s enrichment section', () => {
  it('shows each answer inert with its time, link and score effect, and asks the enabled services', async () => {
    answerTables([RESULT]);
    answerRpc('indicator_reports', () => ({ data: [{ pap: 'green' }], error: null }));
    const asked = vi.fn(() => ({ data: [{ ...RESULT, status: 'queued' }], error: null }));
    answerRpc('request_enrichment', asked);
    renderTab();
    const card = await screen.findByRole('article', { name: 'AbuseIPDB' });
    expect(within(card).getByText('Answered')).toBeInTheDocument();
    expect(within(card).getByText('+15 confidence points to the score')).toBeInTheDocument();
    expect(within(card).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).getByRole('link')).toHaveAttribute(
      'href',
      'https://www.abuseipdb.com/check/198.51.100.7',
    );
    expect(screen.getByText('Asks AbuseIPDB.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enrich' }));
    expect(asked).toHaveBeenCalledWith({ _indicator_id: 7 });
  });

  it('says why a PAP:AMBER value is not sent, and offers no button', async () => {
    answerTables([]);
    answerRpc('indicator_reports', () => ({ data: [{ pap: 'amber' }, { pap: 'red' }], error: null }));
    renderTab();
    expect(await screen.findByText('PAP:AMBER — not sent to outside services.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enrich' })).toBeNull();
  });

  it('shows a rate limit and a failure in words', async () => {
    answerTables([
      {
        ...RESULT,
        status: 'rate_limited',
        fetched_at: null,
        retry_at: '2026-11-27T12:00:00Z',
        error: 'AbuseIPDB is rate-limited until 2026-11-27T12:00:00.000Z.',
      },
      {
        ...RESULT,
        id: 2,
        service_id: 'rdap',
        status: 'failed',
        fetched_at: null,
        error: 'RDAP registration answered HTTP 500.',
      },
    ]);
    answerRpc('indicator_reports', () => ({ data: [], error: null }));
    renderTab();
    expect(await screen.findByText(/Rate-limited until/)).toBeInTheDocument();
    expect(screen.getByText('RDAP registration answered HTTP 500.')).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
  });

  it('says when no service is enabled for the type', async () => {
    answerTables([]);
    answerRpc('indicator_reports', () => ({ data: [], error: null }));
    renderTab('sha256');
    expect(
      await screen.findByText(/No enrichment service is enabled for this type of value/),
    ).toBeInTheDocument();
  });
});
