import { ChakraProvider } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installInputGuard } from '@/lib/security/input-guard';
import { system } from '@/theme/system';
import { SearchInput } from './search-input';

/** A page in miniature: the committed search lives in its state, as it lives in the URL. */
function Page({ initial = '', normalise }: { initial?: string; normalise?: (text: string) => string }) {
  const [committed, setCommitted] = useState(initial);
  return (
    <ChakraProvider value={system}>
      <SearchInput
        label="Search values"
        limit={500}
        delayMs={10}
        value={committed}
        onCommit={setCommitted}
        normalise={normalise}
      />
      <output data-testid="committed">{committed}</output>
    </ChakraProvider>
  );
}

const report = vi.fn();
let uninstall: () => void;
beforeEach(() => {
  report.mockReset();
  uninstall = installInputGuard({ report });
});
afterEach(() => uninstall());

describe('SearchInput', () => {
  it('keeps a payload exactly as typed and searches for it, with nothing reported as an attack', async () => {
    render(<Page />);
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search values' });
    await userEvent.type(box, '<script>alert(1)</script>');
    await waitFor(() =>
      expect(screen.getByTestId('committed')).toHaveTextContent('<script>alert(1)</script>'),
    );
    expect(box.value).toBe('<script>alert(1)</script>');
    expect(report).not.toHaveBeenCalled();
    expect(document.querySelector('script')).toBeNull();
  });

  it('keeps what was typed when the committed form differs (refanged, unwrapped)', async () => {
    render(<Page normalise={(text) => text.trim().replace(/^<(.*)>$/, '$1')} />);
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search values' });
    await userEvent.type(box, '<b>');
    await waitFor(() => expect(screen.getByTestId('committed')).toHaveTextContent(/^b$/));
    expect(box.value).toBe('<b>');
  });

  it('refuses a text over the limit in words naming the limit, and commits it so no stale list shows', async () => {
    render(<Page />);
    const box = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search values' });
    fireEvent.change(box, { target: { value: 'a'.repeat(600) } });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Search is limited to 500 characters; this one has 600. Shorten it to search.',
    );
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box.value).toHaveLength(600);
    await waitFor(() => expect(screen.getByTestId('committed').textContent).toHaveLength(600));
  });

  it('shows the refusal for an over-long search arriving from a link', () => {
    render(<Page initial={'x'.repeat(501)} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Search is limited to 500 characters');
  });
});
