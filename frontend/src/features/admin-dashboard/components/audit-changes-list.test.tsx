import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { system } from '@/theme/system';
import { AuditChanges } from './audit-changes-list';

describe('AuditChanges', () => {
  it('shows our own users’ e-mails and addresses as written, not defanged', () => {
    render(
      <ChakraProvider value={system}>
        <AuditChanges
          details={{
            row: { email: 'second.analyst@example.org', url: 'https://threatfox.abuse.ch/export/' },
          }}
        />
      </ChakraProvider>,
    );
    expect(screen.getByText('email: second.analyst@example.org')).toBeInTheDocument();
    expect(screen.getByText('url: https://threatfox.abuse.ch/export/')).toBeInTheDocument();
  });
});
