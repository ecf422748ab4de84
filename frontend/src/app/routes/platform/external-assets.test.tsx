import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { toaster } from '@/components/ui/toast';
import { entityPaths, platformPath } from '@/config/paths';
import {
  answerRpc,
  answerStorage,
  fakeStorage,
  makeSession,
  resetFakeSupabase,
  setInitialSession,
} from '@/testing/fake-supabase';
import {
  answerTables,
  callArgs,
  requestKind,
  type TableAnswer,
  type TableRequest,
} from '@/testing/fake-tables';
import ExternalAssetsPage from './external-assets';
import { pageDefinition } from './pages';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised tables draw rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

const HOSTILE_HTML = '<img src=x onerror=alert(1)>';
const HOSTILE_FORMULA = "=cmd|' /C calc'!A0";

const VPN = {
  id: 'a-1',
  hostname: 'vpn.example.com',
  ip: '203.0.113.10',
  owner: HOSTILE_HTML,
  criticality: 'critical',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  asset_products: [{ id: 11, vendor: 'Ivanti', product: 'Connect Secure', version: '22.7', cpe: null }],
};
const MAIL = {
  ...VPN,
  id: 'a-2',
  hostname: 'mail.example.com',
  ip: null,
  owner: 'Messaging',
  criticality: 'low',
  asset_products: [{ id: 12, vendor: HOSTILE_FORMULA, product: 'Exchange', version: null, cpe: null }],
};

const exposure = (overrides: Record<string, unknown>) => ({
  asset_id: 'a-1',
  hostname: 'vpn.example.com',
  ip: '203.0.113.10',
  owner: HOSTILE_HTML,
  criticality: 'critical',
  vendor: 'Ivanti',
  product: 'Connect Secure',
  version: '22.7',
  version_check: 'affected',
  cve_id: 'CVE-2024-21887',
  kev_name: 'Ivanti Connect Secure Command Injection',
  kev_date_added: '2024-01-10',
  kev_due_date: '2024-01-22',
  kev_ransomware_use: 'Known',
  epss_score: 0.97312,
  epss_percentile: 0.999,
  cvss_base_score: 9.1,
  ...overrides,
});

const EXPOSURES = [
  exposure({}),
  exposure({
    cve_id: 'CVE-2099-0001',
    kev_name: HOSTILE_HTML,
    kev_due_date: '2099-01-01',
    kev_ransomware_use: 'Unknown',
    version_check: 'unknown',
    epss_score: 0.0123,
  }),
];

/** Inventory reads answer the two assets; other requests go to `writes`, which defaults to success. */
function answerInventory(
  writes: (request: TableRequest) => TableAnswer | Promise<TableAnswer> | undefined = () => undefined,
) {
  return answerTables((request) => {
    if (request.table === 'assets' && requestKind(request) === 'select' && callArgs(request, 'range'))
      return { data: [VPN, MAIL], error: null };
    return writes(request) ?? { data: [], error: null };
  });
}

function renderPage(initialEntry = platformPath('externalAssets')) {
  const router = createMemoryRouter(
    [
      {
        path: platformPath('externalAssets'),
        element: <ExternalAssetsPage definition={pageDefinition('externalAssets')} />,
      },
      { path: platformPath('liveCveFeed'), element: <h1>Live CVE Feed</h1> },
    ],
    { initialEntries: [initialEntry] },
  );
  const user = userEvent.setup();
  render(
    <AppProvider store={makeStore()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user, router };
}

beforeEach(() => {
  toaster.remove();
  resetFakeSupabase();
  answerRpc('list_exposures', () => ({ data: EXPOSURES, error: null }));
});

function figure(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
}

describe('External Assets', () => {
  it('opens the asset a link names (?asset=, as Unified Intelligence links it) and forgets it on close', async () => {
    answerInventory();
    const { user, router } = renderPage(entityPaths.asset('a-2'));
    const dialog = await screen.findByRole('dialog', { name: /mail\.example\.com/ });
    expect(within(dialog).getByLabelText('Host name')).toHaveValue('mail.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the figures, the exposures with what makes them urgent, and the inventory', async () => {
    answerInventory();
    const { user, router } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'External Assets' })).toBeInTheDocument();

    const exposures = await screen.findByRole('grid', { name: 'Exposures' });
    await waitFor(() => expect(figure('Assets')).toHaveTextContent('2'));
    expect(figure('Exposed assets')).toHaveTextContent('1');
    expect(figure('KEV exposures')).toHaveTextContent('2');
    expect(figure('Overdue')).toHaveTextContent('1');

    const [overdue, later] = within(exposures).getAllByRole('row').slice(1);
    expect(overdue).toHaveTextContent('2024-01-22 overdue');
    expect(overdue).toHaveTextContent('Known');
    expect(overdue).toHaveTextContent('97.3%');
    expect(later).toHaveTextContent('2099-01-01');
    expect(later).not.toHaveTextContent('overdue');
    expect(later).toHaveTextContent('version not checked');
    expect(later).toHaveTextContent('1.2%');
    expect(later).toHaveTextContent(HOSTILE_HTML);

    const inventory = screen.getByRole('grid', { name: 'Assets' });
    const [vpn, mail] = within(inventory).getAllByRole('row').slice(1);
    expect(vpn).toHaveTextContent(HOSTILE_HTML);
    expect(vpn).toHaveTextContent('Ivanti Connect Secure 22.7');
    expect(within(vpn!).getAllByRole('gridcell').at(-2)).toHaveTextContent('2');
    expect(mail).toHaveTextContent(`${HOSTILE_FORMULA} Exchange`);
    // Hostile strings are text: nothing they name became an element.
    expect(document.querySelector('img')).toBeNull();

    await user.click(within(overdue!).getByRole('link', { name: 'CVE-2024-21887' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('liveCveFeed')));
    expect(router.state.location.search).toBe('?cve=CVE-2024-21887');
  });

  it('narrows the exposures to the overdue ones, in the URL', async () => {
    answerInventory();
    const { user, router } = renderPage();
    const exposures = await screen.findByRole('grid', { name: 'Exposures' });
    await waitFor(() => expect(within(exposures).getAllByRole('row')).toHaveLength(3));
    await user.click(screen.getByText('Overdue only'));
    await waitFor(() => expect(within(exposures).getAllByRole('row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?overdue=1');
  });

  it('adds an asset with a product, checking the fields first and showing a refusal in words', async () => {
    const log = answerInventory((request) => {
      if (request.table === 'assets' && requestKind(request) === 'insert') {
        const row = callArgs(request, 'insert')![0] as { hostname: string };
        return row.hostname === 'vpn.example.com'
          ? {
              data: null,
              error: { code: '23505', message: 'duplicate key value violates unique constraint' },
            }
          : { data: { id: 'a-3' }, error: null };
      }
      return undefined;
    });
    const { user } = renderPage();
    await screen.findByRole('grid', { name: 'Assets' });
    await user.click(screen.getByRole('button', { name: 'Add asset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an asset' });

    await user.click(within(dialog).getByRole('button', { name: 'Add asset' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Check the fields: neither a hostname nor an ip.',
    );

    await user.type(within(dialog).getByLabelText('Host name'), 'VPN.example.com');
    await user.type(within(dialog).getByLabelText('Vendor'), 'Ivanti');
    await user.click(within(dialog).getByRole('button', { name: 'Add asset' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Check the fields: vendor without a product.',
    );

    await user.type(within(dialog).getByLabelText('Product'), 'Connect Secure');
    await user.click(within(dialog).getByRole('button', { name: 'Add asset' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not added: An asset with this host name (or, without one, this IP address) is already in the inventory.',
    );

    await user.clear(within(dialog).getByLabelText('Host name'));
    await user.type(within(dialog).getByLabelText('Host name'), 'portal.example.com');
    await user.selectOptions(within(dialog).getByLabelText('Criticality'), 'high');
    await user.click(within(dialog).getByRole('button', { name: 'Add asset' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const inserts = log.filter((request) => requestKind(request) === 'insert');
    expect(inserts.map((request) => [request.table, callArgs(request, 'insert')![0]])).toEqual([
      ['assets', { hostname: 'vpn.example.com', ip: null, owner: null, criticality: 'medium' }],
      ['assets', { hostname: 'portal.example.com', ip: null, owner: null, criticality: 'high' }],
      [
        'asset_products',
        { asset_id: 'a-3', vendor: 'Ivanti', product: 'Connect Secure', version: null, cpe: null },
      ],
    ]);
    expect(await screen.findByText('Asset added')).toBeInTheDocument();
  });

  it('edits an asset and removes one of its products', async () => {
    const log = answerInventory();
    const { user } = renderPage();
    const inventory = await screen.findByRole('grid', { name: 'Assets' });
    await user.click(await within(inventory).findByText('vpn.example.com'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit vpn.example.com' });
    expect(within(dialog).getByLabelText('Owner')).toHaveValue(HOSTILE_HTML);

    await user.click(within(dialog).getByRole('button', { name: 'Remove Ivanti Connect Secure 22.7' }));
    await waitFor(() => expect(log.some((request) => requestKind(request) === 'delete')).toBe(true));
    const removal = log.find((request) => requestKind(request) === 'delete')!;
    expect([removal.table, callArgs(removal, 'eq')]).toEqual(['asset_products', ['id', 11]]);

    await user.selectOptions(within(dialog).getByLabelText('Criticality'), 'high');
    await user.click(within(dialog).getByRole('button', { name: 'Save asset' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const update = log.find((request) => requestKind(request) === 'update')!;
    expect(callArgs(update, 'update')).toEqual([
      { hostname: 'vpn.example.com', ip: '203.0.113.10', owner: HOSTILE_HTML, criticality: 'high' },
    ]);
    expect(callArgs(update, 'eq')).toEqual(['id', 'a-1']);
  });

  it('asks before deleting an asset and says its alerts are kept', async () => {
    const log = answerInventory();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete mail.example.com' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete mail.example.com?');
    expect(dialog).toHaveTextContent('Alerts raised for it are kept: they name the host.');
    expect(log.some((request) => requestKind(request) === 'delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete asset' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const removal = log.find((request) => requestKind(request) === 'delete')!;
    expect([removal.table, callArgs(removal, 'eq')]).toEqual(['assets', ['id', 'a-2']]);
  });
});

describe('External Assets CSV import', () => {
  const RUN = {
    id: 41,
    status: 'queued',
    format: 'assets',
    input: 'user-1/x/assets.csv',
    records: 0,
    inserted: 0,
    rejected: 0,
    counts: {},
    rejects: [],
    error: null,
    started_at: null,
    finished_at: null,
  };
  /** What the worker leaves: intel's asset importer's counts and the rows it rejected by line. */
  const DONE = {
    ...RUN,
    status: 'succeeded',
    records: 6,
    inserted: 5,
    rejected: 2,
    counts: { assets: { inserted: 2, updated: 1 }, products: { inserted: 3 }, exposures: 4, alerts: 1 },
    rejects: [
      { where: 'line 5', reason: 'hostname: not a domain name: "bad host!"' },
      { where: 'line 8', reason: `owner ${HOSTILE_HTML} is odd` },
    ],
    started_at: '2026-03-11T10:00:00Z',
    finished_at: '2026-03-11T10:00:02Z',
  };

  it('uploads the file to the analyst’s folder, queues an assets run, follows it and shows the rejects', async () => {
    setInitialSession(makeSession({ id: 'user-1' }));
    answerStorage(() => ({ data: { path: 'ok' }, error: null }));
    let requested: unknown;
    answerRpc('request_asset_import', (args) => {
      requested = args;
      return { data: 41, error: null };
    });
    let run: Record<string, unknown> = RUN;
    const log = answerInventory((request) =>
      request.table === 'import_runs' ? { data: run, error: null } : undefined,
    );
    const { user } = renderPage();
    const panel = await screen.findByRole('region', { name: 'Import from a CSV file' });
    expect(within(panel).getByText('npm run intel -- import assets.csv --format assets')).toBeInTheDocument();

    await user.upload(
      within(panel).getByLabelText('CSV file of assets'),
      new File(['hostname\nvpn.example.com\n'], 'assets 2026.csv', { type: 'text/csv' }),
    );
    expect(panel).toHaveTextContent('assets 2026.csv (25 bytes)');
    await user.click(within(panel).getByRole('button', { name: 'Import assets' }));
    expect(
      await within(panel).findByText('Uploaded. Waiting for the importer to start…'),
    ).toBeInTheDocument();
    const [upload] = fakeStorage.calls;
    expect(upload).toMatchObject({ method: 'upload', bucket: 'asset-uploads' });
    expect(upload!.args[0]).toMatch(/^user-1\/[0-9a-f-]{36}\/assets_2026\.csv$/);
    expect(requested).toEqual({ _object_name: upload!.args[0] });
    expect(within(panel).getByRole('button', { name: 'Import assets' })).toBeDisabled();

    run = { ...RUN, status: 'running', started_at: '2026-03-11T10:00:00Z' };
    expect(
      await within(panel).findByText(
        /Importing the assets and matching their products against KEV/,
        {},
        {
          timeout: 4000,
        },
      ),
    ).toBeInTheDocument();
    run = DONE;
    expect(await within(panel).findByText(/^Imported 4 rows/, {}, { timeout: 4000 })).toHaveTextContent(
      'Imported 4 rows: 2 assets added, 1 updated, 3 products added; 1 KEV alert raised. 2 rows were rejected and left out.',
    );
    const report = within(panel).getByRole('table', { name: /Rejected rows/ });
    expect(
      within(report)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['5hostname: not a domain name: "bad host!"', `8owner ${HOSTILE_HTML} is odd`]);
    expect(document.querySelector('img')).toBeNull();
    // The browser wrote nothing itself: the worker did.
    expect(log.some((request) => requestKind(request) !== 'select')).toBe(false);
  });

  it('a file the worker refuses shows its reason; one over 5 MB is not sent', async () => {
    setInitialSession(makeSession({ id: 'user-1' }));
    answerStorage(() => ({ data: { path: 'ok' }, error: null }));
    answerRpc('request_asset_import', () => ({ data: 42, error: null }));
    const reason =
      'no-header.csv: not an asset inventory: the first line must be a header naming a hostname or ip column (hostname, ip, owner, criticality, vendor, product, version, cpe)';
    answerInventory((request) =>
      request.table === 'import_runs'
        ? { data: { ...RUN, id: 42, status: 'failed', error: reason }, error: null }
        : undefined,
    );
    const { user } = renderPage();
    const panel = await screen.findByRole('region', { name: 'Import from a CSV file' });
    await user.upload(
      within(panel).getByLabelText('CSV file of assets'),
      new File(['vpn.example.com,Ivanti\n'], 'no-header.csv', { type: 'text/csv' }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Import assets' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      `The import was refused and nothing of it was kept: ${reason}`,
    );

    const big = new File(['hostname\n'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(within(panel).getByLabelText('CSV file of assets'), big);
    expect(within(panel).getByRole('alert')).toHaveTextContent(
      'huge.csv (6.0 MB) cannot be imported here: the file is larger than 5.0 MB. Import it on the platform host with the CLI instead.',
    );
    expect(within(panel).getByRole('button', { name: 'Import assets' })).toBeDisabled();
    expect(fakeStorage.calls).toHaveLength(1);
  });
});
