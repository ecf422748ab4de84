import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useUrlState } from './url-state';

const schema = z.object({ q: z.string().default(''), user: z.string().optional() });

function wrapper({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/users?page=2']}>{children}</MemoryRouter>;
}

describe('useUrlState', () => {
  it('keeps both of two updates made before the next render (a row opened while a search commits)', () => {
    const { result } = renderHook(() => ({ url: useUrlState(schema), location: useLocation() }), { wrapper });
    act(() => {
      const [, update] = result.current.url;
      update({ user: 'u-1' }, { push: true });
      update({ q: 'alice' });
    });
    expect(result.current.url[0]).toEqual({ q: 'alice', user: 'u-1' });
    // Parameters the schema does not own are kept too.
    expect(new URLSearchParams(result.current.location.search).get('page')).toBe('2');
  });

  it('starts from the URL as it is now after a navigation elsewhere (Back, a link)', () => {
    const { result } = renderHook(() => ({ url: useUrlState(schema), location: useLocation() }), { wrapper });
    act(() => result.current.url[1]({ q: 'first' }));
    act(() => result.current.url[1]({ user: 'u-2' }));
    expect(result.current.url[0]).toEqual({ q: 'first', user: 'u-2' });
  });
});
