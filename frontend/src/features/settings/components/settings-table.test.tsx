import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Setting } from '@/features/settings/api/list-settings';
import { system } from '@/theme/system';
import { SETTINGS_COLUMNS, SETTINGS_TABLE_FROM, settingsTableStyles } from './settings-table-layout';
import { SettingsTable } from './settings-table';

vi.mock('@/features/settings/api/update-setting', () => ({ useUpdateSetting: () => ({}) }));

const SETTING: Setting = {
  key: 'detection.telemetry-indicator.dedup_window_hours',
  category: 'Detection: Telemetry hit a known indicator',
  label: 'Dedupe window',
  description:
    'A repeat hit within this time after an alert was closed is counted on it instead of raising a new alert.',
  type: 'integer',
  value: 24,
  min_value: 1,
  max_value: 2160,
  allowed_values: null,
  unit: 'hours',
  updated_at: '2026-11-27T07:01:00Z',
  updated_by_email: null,
} as Setting;

function renderTable() {
  render(
    <ChakraProvider value={system}>
      <SettingsTable settings={[SETTING]} onHistory={vi.fn()} />
    </ChakraProvider>,
  );
  return screen.getByRole('table', { name: 'Settings' });
}

const REM_PX = 16;
/** The content width of a window: the 16 rem sidebar, the page's padding on both sides and a scrollbar. */
const content = (windowPx: number) => windowPx - 16 * REM_PX - 2 * 24 - 16;
const XL_PX = 1280;

describe('the settings table layout', () => {
  it('lets every cell wrap (the shared scroll area sets nowrap) and breaks long keys anywhere', () => {
    expect(settingsTableStyles.whiteSpace).toBe('normal');
    expect(settingsTableStyles['& .setting-key']).toMatchObject({ overflowWrap: 'anywhere' });
  });

  it('leaves the Setting column room beside the fixed columns: 16 rem from xl up, 24 rem at 1400 px', () => {
    const fixed = SETTINGS_COLUMNS.filter((column) => column.id !== 'setting');
    expect(fixed.every((column) => column.width.endsWith('rem'))).toBe(true);
    const fixedPx = fixed.reduce((sum, column) => sum + parseFloat(column.width) * REM_PX, 0);
    expect(content(XL_PX) - fixedPx).toBeGreaterThanOrEqual(16 * REM_PX);
    expect(content(1400) - fixedPx).toBeGreaterThanOrEqual(24 * REM_PX);
  });

  it('gives every cell the name of its column, shown beside it when the rows stack on a phone', () => {
    const table = renderTable();
    // jsdom matches no media query: it lays the table out as on a phone, header row hidden.
    const headers = within(table)
      .getAllByRole('columnheader', { hidden: true })
      .map((header) => header.textContent);
    expect(headers).toEqual(SETTINGS_COLUMNS.map((column) => column.header));
    const row = table.querySelector('tr[data-setting]')!;
    const cells = [...row.querySelectorAll('td')];
    // The setting's name and its buttons speak for themselves; the other cells say what they are.
    expect(cells.map((cell) => cell.dataset.label)).toEqual([
      undefined,
      'Type',
      'Allowed',
      'Value',
      'Last change',
      undefined,
    ]);
    expect(within(row as HTMLElement).getByText(SETTING.key)).toHaveClass('setting-key');
  });

  it('stacks the rows into labelled cards below the xl breakpoint and is a table from xl up', () => {
    expect(SETTINGS_TABLE_FROM).toBe('xl');
    expect(system.token('breakpoints.xl')).toBe(`${XL_PX}px`);
    expect(settingsTableStyles['& td']).toMatchObject({ display: { base: 'grid', xl: 'table-cell' } });
    expect(settingsTableStyles['& thead']).toMatchObject({
      display: { base: 'none', xl: 'table-header-group' },
    });
    expect(settingsTableStyles['& td[data-label]::before']).toMatchObject({
      content: 'attr(data-label)',
      display: { xl: 'none' },
    });
  });
});
