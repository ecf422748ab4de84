import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeSupabase } from '@/testing/fake-supabase';
import {
  X_AGENT,
  answerKnowledge,
  renderPage,
  listRows,
  matrixGrid,
} from '@/app/routes/platform/testing/enhanced-cti-page';
import { platformPath } from '@/config/paths';
import { APT_A } from '@/features/knowledge/testing/matrix-fixture';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised table draws rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

beforeEach(() => resetFakeSupabase());

describe('Enhanced CTI: profiles', () => {
  it("opens an actor's profile: relationships, indicators through its software, techniques and history", async () => {
    answerKnowledge();
    const { user, params } = renderPage();
    const [, first] = await listRows();
    await user.click(first!);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('A Sofacy relative.')).toBeInTheDocument();
    expect(within(drawer).getByText('Fancy <b>Bear</b>')).toBeInTheDocument();
    // The galaxy's entry merged into it, with where it came from.
    expect(await within(drawer).findByRole('region', { name: 'Also described by' })).toHaveTextContent(
      'Sofacy (MISP galaxy)',
    );

    await user.click(within(drawer).getByRole('tab', { name: 'Relationships' }));
    expect(await within(drawer).findByRole('button', { name: 'X-Agent' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('tab', { name: 'Indicators' }));
    expect(await within(drawer).findByText(/The newest 1 of 120 indicators/)).toBeInTheDocument();
    const table = within(drawer).getByRole('table', { name: 'Indicators' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'evil[.]exampleX-AgentTLP:AMBER2026-02-01',
    );
    expect(within(drawer).getByRole('link', { name: 'those of X-Agent' })).toHaveAttribute(
      'href',
      `${platformPath('iocIntelligence')}?malware=${encodeURIComponent(X_AGENT)}`,
    );

    await user.click(within(drawer).getByRole('tab', { name: 'Techniques' }));
    expect(
      await within(drawer).findByText('Uses 3 techniques of ATT&CK Enterprise, under 2 tactics.'),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('region', { name: 'Initial Access' })).toHaveTextContent('T1566Phishing');

    await user.click(within(drawer).getByRole('tab', { name: 'History' }));
    expect(await within(drawer).findByText(/except the fields an analyst\s+edited/)).toBeInTheDocument();
    expect(within(drawer).getByText('MITRE ATT&CK: 24,771 new, 0 updated')).toBeInTheDocument();

    // A related object opens in the same drawer.
    await user.click(within(drawer).getByRole('tab', { name: 'Relationships' }));
    await user.click(await within(drawer).findByRole('button', { name: 'X-Agent' }));
    expect(params().get('open')).toBe(X_AGENT);
  });

  it('"Show on the matrix" takes the analyst to the matrix, the drawer closed, the object on it', async () => {
    answerKnowledge();
    const { user, params } = renderPage(`?open=${APT_A}`);
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: 'Show on the matrix' }));
    expect(params().getAll('sel')).toEqual([APT_A]);
    expect(params().get('view')).toBe('matrix');
    expect(params().get('open')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('tab', { name: 'ATT&CK matrix (1 compared)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await screen.findByText('APT A uses 3 of the techniques shown, sub-techniques included.'),
    ).toBeInTheDocument();

    // A parent used only through its sub-technique is coloured and says so.
    const grid = await matrixGrid();
    expect(
      within(grid).getAllByRole('gridcell', {
        name: /^T1059 Command and Scripting Interpreter, used by APT A \(through a sub-technique\)/,
      })[0],
    ).toHaveAttribute('data-via-subs', 'true');
  });
});
