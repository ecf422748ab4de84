import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { JsonTree } from './json-tree';

describe('JsonTree', () => {
  it('renders keys and values, markup included, as text only', () => {
    const { container } = render(
      <AppProvider store={makeStore()}>
        <JsonTree
          value={{ input: '<img src=x onerror="alert(1)">', nested: { url: 'http://evil.example/x' } }}
        />
      </AppProvider>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('<img src=x onerror="alert(1)">').tagName).not.toBe('IMG');
    // Links are defanged and never live.
    expect(screen.getByText('hxxp://evil[.]example/x').closest('a')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
  });
});
