import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recentLogEntries } from '@/lib/security/logger';
import { system } from '@/theme/system';
import type * as ErrorScreenModule from './error-screen';
import { reloadPage } from './error-screen';
import { ComponentLoadError, LoadFailureBoundary } from './load-failure';
import { PlatformErrorBoundary } from './platform-error';
import { RouteError } from './route-error';
import { SimpleErrorBoundary } from './simple-error';
import { errorIdFromTime, SystemErrorBoundary } from './system-error';

vi.mock('./error-screen', async (importOriginal) => ({
  ...(await importOriginal<typeof ErrorScreenModule>()),
  reloadPage: vi.fn(),
}));

const failure = { active: true };
function Bomb({ error = new Error('kaboom') }: { error?: unknown }): ReactNode {
  if (failure.active) throw error;
  return <p>All good</p>;
}

const withChakra = (node: ReactNode) => render(<ChakraProvider value={system}>{node}</ChakraProvider>);

beforeEach(() => {
  failure.active = true;
  vi.mocked(reloadPage).mockClear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports caught errors too
});
afterEach(() => vi.restoreAllMocks());

describe('Platform Error', () => {
  it('shows its texts, logs critical, and Try Again resets', () => {
    withChakra(
      <PlatformErrorBoundary>
        <Bomb />
      </PlatformErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Platform Error' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Something went wrong with the platform. Our security systems have logged this incident.',
      ),
    ).toBeInTheDocument();
    expect(recentLogEntries().at(-1)).toMatchObject({ level: 'critical', message: 'platform_error' });
    failure.active = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('Reload Platform reloads', () => {
    withChakra(
      <PlatformErrorBoundary>
        <Bomb />
      </PlatformErrorBoundary>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reload Platform' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('Something went wrong', () => {
  it('shows the simpler fallback with Reload Page', () => {
    withChakra(
      <SimpleErrorBoundary>
        <Bomb />
      </SimpleErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The application encountered an error.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});

describe('System Error', () => {
  it('works outside every provider, shows an error ID from the time, and Try Again resets', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_790_000_000_000);
    render(
      <SystemErrorBoundary>
        <Bomb />
      </SystemErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'System Error' })).toBeInTheDocument();
    expect(
      screen.getByText('An unexpected error has occurred. Our team has been notified.'),
    ).toBeInTheDocument();
    expect(screen.getByText(errorIdFromTime(1_790_000_000_000))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Return Home' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
    failure.active = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('error IDs differ with the time', () => {
    expect(errorIdFromTime(1)).not.toBe(errorIdFromTime(2));
    expect(errorIdFromTime(1_790_000_000_000)).toMatch(/^ERR-[0-9A-Z]+$/);
  });
});

describe('the router errorElement', () => {
  function renderRouter(path: string) {
    const router = createMemoryRouter(
      [
        {
          errorElement: <RouteError />,
          children: [
            { path: '/', element: <p>Home page</p> },
            { path: '/broken', element: <Bomb /> },
            { path: '/lazy', element: <Bomb error={new ComponentLoadError(new Error('chunk'))} /> },
          ],
        },
      ],
      { initialEntries: [path] },
    );
    withChakra(<RouterProvider router={router} />);
    return router;
  }

  it("replaces the router's default screen with System Error; Try Again renders the route again", () => {
    renderRouter('/broken');
    expect(screen.getByRole('heading', { name: 'System Error' })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    expect(recentLogEntries().at(-1)).toMatchObject({ level: 'critical', message: 'route_error' });
    failure.active = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('Return Home goes to /', () => {
    const router = renderRouter('/broken');
    fireEvent.click(screen.getByRole('button', { name: 'Return Home' }));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Home page')).toBeInTheDocument();
  });

  it('shows Failed to load component for a page whose code did not load', () => {
    renderRouter('/lazy');
    expect(screen.getByRole('heading', { name: 'Failed to load component' })).toBeInTheDocument();
  });
});

describe('Failed to load component', () => {
  it('Retry reloads the page', () => {
    withChakra(
      <LoadFailureBoundary>
        <Bomb error={new ComponentLoadError(new TypeError('Failed to fetch dynamically imported module'))} />
      </LoadFailureBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Failed to load component' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('passes other errors on to the outer boundary', () => {
    withChakra(
      <PlatformErrorBoundary>
        <LoadFailureBoundary>
          <Bomb />
        </LoadFailureBoundary>
      </PlatformErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Platform Error' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load component')).not.toBeInTheDocument();
  });
});
