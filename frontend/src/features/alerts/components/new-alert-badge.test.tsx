import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '@/theme/system';
import { NewAlertBadge, newAlertLabel } from './new-alert-badge';

describe('NewAlertBadge', () => {
  it('shows the number and says it in words', () => {
    render(
      <ChakraProvider value={system}>
        <NewAlertBadge count={4} />
      </ChakraProvider>,
    );
    expect(screen.getByText('4')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('4 new alerts')).toBeInTheDocument();
  });

  it('words zero and one correctly', () => {
    expect(newAlertLabel(0)).toBe('0 new alerts');
    expect(newAlertLabel(1)).toBe('1 new alert');
  });
});
