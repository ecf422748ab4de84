import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InertText, inertString, renderInertUrl } from './inert-text';
import { XSS_CORPUS } from './xss-corpus.fixture';

describe('InertText', () => {
  it('shows URLs defanged and never as a link', () => {
    const { container } = render(
      <p>{renderInertUrl('https://login.evil.example/verify?u=ann@example.org')}</p>,
    );
    expect(container).toHaveTextContent('hxxps://login[.]evil[.]example/verify?u=ann[@]example[.]org');
    expect(container.querySelector('a, [href]')).toBeNull();
    expect(container.querySelector('code')).not.toBeNull();
  });

  it.each(XSS_CORPUS.map((s) => [s.kind, s.vector]))(
    'renders a %s vector as plain text: %j',
    (_kind, vector) => {
      const { container } = render(<InertText value={vector} as="div" />);
      const element = container.firstElementChild!;
      expect(element.children).toHaveLength(0);
      expect(container.querySelector('script, iframe, img, svg, a, form')).toBeNull();
      const attributes = [...container.querySelectorAll('*')].flatMap((e) => e.getAttributeNames());
      expect(attributes.filter((name) => name.startsWith('on') || name === 'href' || name === 'src')).toEqual(
        [],
      );
    },
  );

  it('marks direction overrides and invisible characters', () => {
    render(<InertText value={'invoice\u202Efdp.exe\u200b'} />);
    expect(screen.getByText('invoice[U+202E]fdp[.]exe[U+200B]')).toBeInTheDocument();
  });

  it('wraps long values and can cut them', () => {
    render(<InertText value={'a'.repeat(500)} maxLength={10} />);
    const element = screen.getByText(`${'a'.repeat(10)}…`);
    expect(element).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(element.style.overflowWrap).toBe('anywhere');
  });

  it('accepts missing and non-string values', () => {
    expect(inertString(null)).toBe('');
    expect(inertString(42)).toBe('42');
    expect(inertString('evil.com', { defang: false })).toBe('evil.com');
  });
});
