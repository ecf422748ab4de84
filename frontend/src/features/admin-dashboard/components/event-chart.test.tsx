import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { system } from '@/theme/system';
import { EventChart } from './event-chart';

const NOW = Date.parse('2026-11-26T10:30:00Z');

vi.mock('@/features/admin-dashboard/api/get-security-event-counts', () => ({
  useSecurityEventCounts: () => ({
    status: 'success',
    isPending: false,
    isError: false,
    data: {
      now: NOW,
      rows: [
        { bucket: '2026-11-26T00:00:00Z', severity: 'critical', events: 2 },
        { bucket: '2026-11-26T00:00:00Z', severity: 'low', events: 7 },
        { bucket: '2026-11-25T00:00:00Z', severity: 'high', events: 3 },
      ],
    },
  }),
}));

function renderChart() {
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={new QueryClient()}>
        <EventChart days={14} type={undefined} severity={undefined} onDaysChange={() => undefined} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe('EventChart', () => {
  it('names its colours in a legend, most severe first, as every severity chart does', () => {
    renderChart();
    const legend = screen.getByRole('list', { hidden: true });
    expect(
      within(legend)
        .getAllByRole('listitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['Critical', 'High', 'Medium', 'Low']);
  });

  it('puts each count under its own severity in the table view', async () => {
    renderChart();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show table' }));
    const table = screen.getByRole('table');
    const header = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(header).toEqual(['Period', 'Critical', 'High', 'Medium', 'Low']);
    const today = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.startsWith('2026-11-26'))!;
    expect(
      within(today)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026-11-26 00:00', '2', '0', '0', '7']);
  });
});
