import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '@/theme/system';
import { DeferredToaster } from './deferred-toaster';
import { toast, toaster } from './toast';

describe('DeferredToaster', () => {
  it('renders nothing until the first toast, then shows it', async () => {
    const { container } = render(
      <ChakraProvider value={system}>
        <DeferredToaster />
      </ChakraProvider>,
    );
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector('[data-scope="toast"]')).toBeNull();
    act(() => {
      toast({ title: 'Signed Out', description: 'You have been securely signed out.' });
    });
    expect(await screen.findByText('Signed Out', undefined, { timeout: 10_000 })).toBeInTheDocument();
    act(() => toaster.remove());
  });
});
