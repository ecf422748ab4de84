import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeSupabase } from '@/testing/fake-supabase';
import {
  HOSTILE,
  answerKnowledge,
  renderPage,
  listGrid,
  listRows,
  matrixGrid,
} from '@/app/routes/platform/testing/enhanced-cti-page';
import { APT_A, APT_B, T_WMI } from '@/features/knowledge/testing/matrix-fixture';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised table draws rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

beforeEach(() => resetFakeSupabase());

describe('Enhanced CTI', () => {
  it('lists actors and malware with their counts, hostile names as text, filtered on the server', async () => {
    const calls = answerKnowledge();
    const { user, params } = renderPage();
    const rows = await listRows();
    expect(rows[1]).toHaveTextContent('APT AIntrusion setG0007Fancy <b>Bear</b>MITRE ATT&CK3');
    expect(rows[2]).toHaveTextContent(HOSTILE);
    expect(rows[3]).toHaveTextContent('X-AgentMalware—');
    expect(rows[3]).toHaveTextContent('120');
    expect(document.querySelector('img, b')).toBeNull();
    // The list opens on the most linked objects, not on A→Z names.
    expect(rows[1]).toHaveTextContent('1,234');
    expect(calls.list[0]).toMatchObject({
      _sort: 'links',
      _include_revoked: false,
      _limit: 200,
      _kinds: undefined,
    });

    expect(await screen.findByRole('option', { name: 'Intrusion set (2)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'MITRE ATT&CK (3)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search actors, malware, tools and campaigns'), 'fancy ');
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ _query: 'fancy' }));
    await user.selectOptions(screen.getByLabelText('Kind'), 'intrusion-set');
    await user.selectOptions(screen.getByLabelText('Revoked and deprecated'), 'show');
    await waitFor(() =>
      expect(calls.list.at(-1)).toMatchObject({
        _query: 'fancy',
        _kinds: ['intrusion-set'],
        _include_revoked: true,
      }),
    );
    await user.click(within(listGrid()).getByRole('button', { name: 'Modified' }));
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ _sort: 'modified' }));
    expect(params().toString()).toBe('q=fancy&kind=intrusion-set&revoked=show&sort=modified');
  });

  it('compares the ticked objects on the matrix, coloured by how many use each technique', async () => {
    const calls = answerKnowledge();
    const { user, params } = renderPage();
    const [, first, second] = await listRows();
    await user.click(within(first!).getByRole('checkbox', { name: 'Select row' }));
    await user.click(within(second!).getByRole('checkbox', { name: 'Select row' }));
    expect(await screen.findByText('2 selected for the matrix.')).toBeInTheDocument();
    expect(params().getAll('sel')).toEqual([APT_A, APT_B]);

    await user.click(screen.getByRole('button', { name: 'Compare on the matrix' }));
    const grid = await matrixGrid();
    expect(screen.getByRole('tab', { name: 'ATT&CK matrix (2 compared)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const compared = screen.getByRole('list', { name: 'Compared on the matrix' });
    expect(await within(compared).findByText('APT A')).toBeInTheDocument();
    expect(within(compared).getByText(HOSTILE)).toBeInTheDocument();
    expect(
      await screen.findByText(
        '3 techniques shown (sub-techniques included) are used by at least one of the 2 selected, 1 by all of them.',
      ),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('gridcell', {
        name: `T1047 Windows Management Instrumentation, used by 2 of 2 selected: APT A, ${HOSTILE}`,
      }),
    ).toHaveAttribute('data-heat', '4');
    expect(within(grid).getByRole('gridcell', { name: /^T1566 Phishing, used by 1 of 2/ })).toHaveAttribute(
      'data-heat',
      '2',
    );
    // The whole matrix once, then only the used rows of the selection (in one order whatever the ticking).
    expect(calls.matrix[0]).toMatchObject({ _object_ids: [], _used_only: false });
    expect(calls.matrix.at(-1)).toMatchObject({ _object_ids: [APT_A, APT_B].sort(), _used_only: true });

    await user.click(screen.getByRole('button', { name: `Remove ${HOSTILE} from the matrix` }));
    // As many as the actor's profile counts: Phishing, WMI and the PowerShell sub-technique.
    expect(
      await screen.findByText('APT A uses 3 of the techniques shown, sub-techniques included.'),
    ).toBeInTheDocument();
    expect(params().getAll('sel')).toEqual([APT_A]);

    await user.selectOptions(screen.getByLabelText('Techniques shown'), 'only');
    await waitFor(() => expect(within(grid).getAllByRole('gridcell', { name: /^T/ })).toHaveLength(4));
    expect(
      within(grid).getByRole('gridcell', { name: /^T1059\.001 PowerShell \(sub-technique\), used by APT A/ }),
    ).toBeInTheDocument();
  });

  it('colours the matrix by our sightings when asked', async () => {
    const calls = answerKnowledge();
    const { user, params } = renderPage('?view=matrix');
    await matrixGrid();
    expect(
      await screen.findByText(/Select actors, malware, tools or campaigns in the list/),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Colour by'), 'sightings');
    const cell = await within(await matrixGrid()).findByRole('gridcell', {
      name: 'T1566 Phishing, 12 sightings of related indicators (40 events)',
    });
    expect(cell).toHaveAttribute('data-heat', '4');
    expect(cell).toHaveTextContent('12');
    expect(
      screen.getByText('2 techniques shown are used by malware or tools whose indicators our sensors saw.'),
    ).toBeInTheDocument();
    expect(calls.matrix.at(-1)).toMatchObject({ _object_ids: [], _with_sightings: true, _used_only: true });
    expect(params().get('colour')).toBe('sightings');
  });

  it('opens a technique from the matrix by keyboard: its mitigations and users, the compared ones first', async () => {
    answerKnowledge();
    const { user, params } = renderPage(`?view=matrix&sel=${APT_A}`);
    const grid = await matrixGrid();
    await screen.findByText('APT A uses 3 of the techniques shown, sub-techniques included.');
    within(grid)
      .getAllByRole('gridcell', { name: /^T1059 Command/ })[0]!
      .focus();
    await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(params().get('open')).toBe(T_WMI);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Windows Management Instrumentation')).toBeInTheDocument();
    expect(within(drawer).getByText('Execution')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('tab', { name: 'Mitigations' }));
    expect(await within(drawer).findByText('Prevent users from running WMI.')).toBeInTheDocument();
    expect(within(drawer).getByText('M1026')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('tab', { name: 'Used by' }));
    expect(await within(drawer).findByText('Used by 2 intrusion sets.')).toBeInTheDocument();
    const users = within(drawer).getAllByRole('listitem');
    expect(users[0]).toHaveTextContent('G0007APT AOn the matrixAPT A used WMI for discovery.');
    expect(users[1]).toHaveTextContent('G0016APT B');
  });
});
