import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { system } from '@/theme/system';
import { ReferenceLink, ReferenceText } from './reference-link';

const renderWithProviders = (ui: ReactNode) => render(<ChakraProvider value={system}>{ui}</ChakraProvider>);

describe('ReferenceLink', () => {
  it('keeps a reference a real link that opens apart from the app', () => {
    renderWithProviders(<ReferenceLink url="https://search.censys.io/hosts/129.28.85.210" />);
    const link = screen.getByRole('link', { name: 'https://search.censys.io/hosts/129.28.85.210' });
    expect(link).toHaveAttribute('href', 'https://search.censys.io/hosts/129.28.85.210');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows a script URL inert and defanged, never as a link', () => {
    const { container } = renderWithProviders(<ReferenceLink url="javascript:alert(1)" />);
    expect(container.querySelector('a, [href]')).toBeNull();
    expect(container).toHaveTextContent('javascript[:]alert(1)');
  });
});

describe('ReferenceText', () => {
  it('links each URL of a KEV note and keeps the words as they are', () => {
    renderWithProviders(
      <ReferenceText value="See https://nvd.nist.gov/vuln/detail/CVE-2021-44228; patch 2.17.1 on log4j.example." />,
    );
    expect(screen.getByRole('link')).toHaveAttribute(
      'href',
      'https://nvd.nist.gov/vuln/detail/CVE-2021-44228',
    );
    expect(document.body).toHaveTextContent(
      'See https://nvd.nist.gov/vuln/detail/CVE-2021-44228; patch 2.17.1 on log4j.example.',
    );
  });
});
