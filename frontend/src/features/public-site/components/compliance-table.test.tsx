import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { asvsChapters } from '@/features/public-site/compliance/asvs-controls';
import { system } from '@/theme/system';
import { ComplianceTable } from './compliance-table';

describe('the compliance table', () => {
  it('wraps the test paths anywhere, so the page does not scroll sideways on a phone', () => {
    render(
      <ChakraProvider value={system}>
        <MemoryRouter>
          <ComplianceTable />
        </MemoryRouter>
      </ChakraProvider>,
    );
    const path = asvsChapters[0]!.controls[0]!.tests[0]!;
    const code = screen.getAllByText(path)[0]!;
    expect(code.tagName).toBe('CODE');
    expect(getComputedStyle(code).overflowWrap).toBe('anywhere');
  });
});
