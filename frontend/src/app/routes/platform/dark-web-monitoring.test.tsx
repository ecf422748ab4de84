import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { toaster } from '@/components/ui/toast';
import { platformPath } from '@/config/paths';
import {
  answerRpc,
  answerStorage,
  fakeStorage,
  fakeSupabase,
  makeSession,
  resetFakeSupabase,
  setInitialSession,
} from '@/testing/fake-supabase';
import { answerTables, callArgs, requestKind, type TableRequest } from '@/testing/fake-tables';
import DarkWebMonitoringPage from './dark-web-monitoring';
import { pageDefinition } from './pages';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised tables draw rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

const WATCH = 'b0b0b0b0-0000-4000-8000-000000000001';
const NEW_WATCH = 'b0b0b0b0-0000-4000-8000-000000000002';
const HOSTILE_VICTIM = '<img src=x onerror="alert(1)">acme.com';
const HOSTILE_GROUP = '<script>alert(2)</script>';

const POSTS = [
  {
    id: 7,
    source: 'leak-site',
    group_name: HOSTILE_GROUP,
    victim: HOSTILE_VICTIM,
    published_at: '2026-03-10T08:00:00Z',
    country: 'US',
    sector: 'Manufacturing',
    website: 'https://acme.com/',
    url: 'http://lockbitxyz.onion/post/7',
  },
  {
    id: 6,
    source: 'paste',
    group_name: null,
    victim: 'Combo list 2026-03',
    published_at: '2026-03-09T08:00:00Z',
    country: null,
    sector: null,
    website: null,
    url: null,
  },
];

let posts: typeof POSTS;
let requests: TableRequest[];

function answerBackend() {
  requests = answerTables((request) => {
    const kind = requestKind(request);
    if (request.table === 'watches' && kind === 'insert')
      return {
        data: { id: NEW_WATCH, kind: 'keyword', value: 'Acme Corp', value_ascii: 'acme corp' },
        error: null,
      };
    if (request.table === 'watches')
      return {
        data: [
          {
            id: WATCH,
            kind: 'email-domain',
            value: 'acme.com',
            value_ascii: 'acme.com',
            note: '',
            enabled: true,
            created_at: '2026-03-01T00:00:00Z',
          },
        ],
        error: null,
      };
    if (request.table === 'leak_mentions' && callArgs(request, 'select')?.[1]) {
      const counted = { data: null, error: null, count: 3 };
      return counted;
    }
    if (request.table === 'leak_mentions')
      return {
        data: posts.slice(0, 1).map((post) => ({
          post_id: post.id,
          watch_id: WATCH,
          matched: 'acme.com',
          created_at: '2026-03-10T09:00:00Z',
          leak_posts: post,
          watches: { kind: 'email-domain', value: 'acme.com' },
        })),
        error: null,
      };
    if (request.table === 'leak_posts' && callArgs(request, 'eq')?.[0] === 'id')
      return {
        data: { ...posts[0], body: 'Dear <b>ACME</b>, visit hxxp://evil.com now', context: {} },
        error: null,
      };
    if (request.table === 'leak_posts') return { data: posts, error: null };
    if (request.table === 'import_runs') return { data: LEAK_RUN, error: null };
    return undefined;
  });
}

/** An uploaded posts file as the worker leaves it. */
const LEAK_RUN = {
  id: 31,
  status: 'succeeded',
  format: 'leak-sites',
  input: 'user-1/x/posts.json',
  records: 5,
  inserted: 3,
  rejected: 1,
  counts: { posts: { inserted: 3 }, alerts: 2 },
  rejects: [{ where: 'item 4', reason: 'no post_title or victim' }],
  error: null,
  started_at: '2026-03-11T10:00:00Z',
  finished_at: '2026-03-11T10:00:02Z',
};

function renderPage(path = platformPath('darkWebMonitoring')) {
  const router = createMemoryRouter(
    [
      {
        path: platformPath('darkWebMonitoring'),
        element: <DarkWebMonitoringPage definition={pageDefinition('darkWebMonitoring')} />,
      },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user, router };
}

beforeEach(() => {
  toaster.remove();
  resetFakeSupabase();
  posts = POSTS;
  answerBackend();
  // Read in ranges until an empty one: the rows, then nothing.
  let volumeCalls = 0;
  answerRpc('leak_post_volume', () => ({
    data:
      volumeCalls++ % 2 === 0
        ? [
            { day: '2026-03-09', group_name: 'paste', posts: 1 },
            { day: '2026-03-10', group_name: HOSTILE_GROUP, posts: 1 },
          ]
        : [],
    error: null,
  }));
});

describe('Dark Web Monitoring', () => {
  it('renders hostile post titles and group names as text, defanged', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Dark Web Monitoring' })).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: 'Leak posts' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('<img src=x onerror="alert(1)">acme[.]com');
    expect(row).toHaveTextContent(HOSTILE_GROUP);
    expect(row).toHaveTextContent('hxxps://acme[.]com/');
    expect(document.querySelector('img, script:not([nonce])')).toBeNull();
    expect(screen.queryByText('No leak post has been imported yet.', { selector: 'section *' })).toBeNull();

    const mentions = screen.getByRole('grid', { name: 'Posts naming a watch' });
    await waitFor(() => expect(within(mentions).getAllByRole('row')).toHaveLength(2));
    expect(within(mentions).getAllByRole('row')[1]).toHaveTextContent('acme.com');
    const mentionRead = requests.find((request) => request.table === 'leak_mentions')!;
    expect(mentionRead.calls).toContainEqual(['order', ['leak_posts(published_at)', { ascending: false }]]);
  });

  it('opens a post with its body as inert text', async () => {
    const { user, router } = renderPage();
    const table = await screen.findByRole('grid', { name: 'Leak posts' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    await user.click(within(table).getAllByRole('row')[1]!);
    expect(router.state.location.search).toBe('?post=7');
    const drawer = await screen.findByRole('dialog');
    expect(
      await within(drawer).findByText(/Dear <b>ACME<\/b>, visit hxxp:\/\/evil\[\.\]com now/),
    ).toBeInTheDocument();
    expect(drawer.querySelector('b')).toBeNull();
  });

  it('charts posts over time by group, its window in the URL', async () => {
    const { user, router } = renderPage();
    await waitFor(() =>
      expect(fakeSupabase.rpc).toHaveBeenCalledWith('leak_post_volume', {
        _since: expect.any(String),
        _groups: 8,
      }),
    );
    const since = (fakeSupabase.rpc.mock.calls[0]![1] as { _since: string })._since;
    expect(Date.now() - Date.parse(since)).toBeCloseTo(90 * 86_400_000, -5);
    const chart = screen.getByRole('region', { name: 'Leak posts over time, by group' });
    expect(await within(chart).findByRole('list', { name: 'Groups' })).toHaveTextContent(HOSTILE_GROUP);

    await user.selectOptions(within(chart).getByRole('combobox', { name: 'Chart window' }), 'all');
    expect(router.state.location.search).toBe('?window=all');
    await waitFor(() =>
      expect(fakeSupabase.rpc).toHaveBeenLastCalledWith('leak_post_volume', {
        _since: undefined,
        _groups: 8,
      }),
    );
    await user.click(within(chart).getByRole('button', { name: 'Show table' }));
    const rows = within(chart).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(`Month${HOSTILE_GROUP}pasteTotal`);
    expect(rows.slice(1).map((row) => row.textContent)).toEqual(['2026-03112']);
  });

  it('adds a keyword watch, then says how many posts name it and refreshes the mentions', async () => {
    const { user } = renderPage();
    await screen.findByRole('grid', { name: 'Posts naming a watch' });
    const mentionReads = () =>
      requests.filter((request) => request.table === 'leak_mentions' && !callArgs(request, 'select')?.[1])
        .length;
    await waitFor(() => expect(mentionReads()).toBe(1));

    await user.type(screen.getByRole('textbox', { name: /Keyword to watch/ }), '  Acme   Corp ');
    await user.click(screen.getByRole('button', { name: 'Watch' }));

    expect(await screen.findByText('Watching “Acme Corp”: 3 posts name it.')).toBeInTheDocument();
    const insert = requests.find((request) => requestKind(request) === 'insert')!;
    expect(insert.table).toBe('watches');
    expect(callArgs(insert, 'insert')).toEqual([
      { kind: 'keyword', value: 'Acme Corp', value_ascii: 'acme corp', note: '' },
    ]);
    const count = requests.find(
      (request) => request.table === 'leak_mentions' && callArgs(request, 'select')?.[1],
    )!;
    expect(count.calls).toEqual([
      ['select', ['post_id', { count: 'exact', head: true }]],
      ['eq', ['watch_id', NEW_WATCH]],
    ]);
    await waitFor(() => expect(mentionReads()).toBe(2));
  });

  it('adds an e-mail domain by its IDNA form and shows a refusal in words', async () => {
    const { user } = renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Kind of watch' }), 'email-domain');
    await user.type(screen.getByRole('textbox', { name: /E-mail domain to watch/ }), '@bücher.de');
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    await waitFor(() =>
      expect(
        callArgs(
          requests.find((request) => requestKind(request) === 'insert')!,
          'insert',
        ),
      ).toEqual([{ kind: 'email-domain', value: 'bücher.de', value_ascii: 'xn--bcher-kva.de', note: '' }]),
    );

    answerTables(() => ({ data: null, error: { message: 'duplicate key', code: '23505' } }));
    await user.type(screen.getByRole('textbox', { name: /E-mail domain to watch/ }), 'acme.com');
    await user.click(screen.getByRole('button', { name: 'Watch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The watch was not added: “acme.com” is already watched.',
    );
  });

  it('offers the upload of a posts file while there are none, naming no command', async () => {
    posts = [];
    renderPage();
    const panel = await screen.findByRole('region', { name: 'Import leak-site posts' });
    expect(panel).toHaveTextContent('No leak post has been imported yet.');
    expect(panel).not.toHaveTextContent(/npm|--format/);
    expect(within(panel).getByRole('button', { name: 'Import posts' })).toBeDisabled();
    expect(
      await screen.findByText('No leak post has been imported yet.', { selector: '[role=gridcell] *' }),
    ).toBeInTheDocument();
  });

  it("uploads a posts file into the analyst's own folder, queues its import and shows the outcome", async () => {
    posts = [];
    setInitialSession(makeSession({ id: 'user-1' }));
    answerStorage(() => ({ data: { path: 'ok' }, error: null }));
    let requested: unknown;
    answerRpc('request_leak_import', (args) => {
      requested = args;
      return { data: 31, error: null };
    });
    const { user } = renderPage();
    const panel = await screen.findByRole('region', { name: 'Import leak-site posts' });
    await user.upload(within(panel).getByLabelText('Leak posts file'), new File(['[]'], 'posts 2026.json'));
    await user.click(within(panel).getByRole('button', { name: 'Import posts' }));

    expect(await within(panel).findByText(/Imported 3 new posts/, {}, { timeout: 4000 })).toHaveTextContent(
      'Imported 3 new posts (1 already known) and raised 2 alerts for watched keywords. 1 post could not be read and was left out.',
    );
    const [upload] = fakeStorage.calls;
    expect(upload).toMatchObject({ method: 'upload', bucket: 'leak-uploads' });
    expect(upload!.args[0]).toMatch(/^user-1\/[0-9a-f-]{36}\/posts_2026\.json$/);
    expect(requested).toEqual({ _object_name: upload!.args[0] });
    expect(within(panel).getByRole('table', { name: /Posts left out/ })).toHaveTextContent('item 4');
  });
});
