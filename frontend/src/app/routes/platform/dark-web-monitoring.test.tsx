import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { toaster } from '@/components/ui/toast';
import { platformPath } from '@/config/paths';
import { IMPORT_COMMAND } from '@/features/dark-web/components/import-hint';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
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
    return undefined;
  });
}

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
    expect(screen.queryByText(IMPORT_COMMAND)).toBeNull();

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

  it('explains how posts are imported while there are none', async () => {
    posts = [];
    renderPage();
    expect(await screen.findByText(IMPORT_COMMAND)).toBeInTheDocument();
    expect(
      await screen.findByText('No leak post has been imported yet.', { selector: '[role=gridcell] *' }),
    ).toBeInTheDocument();
  });
});
