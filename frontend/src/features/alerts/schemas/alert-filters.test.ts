import { describe, expect, it } from 'vitest';
import { readUrlState } from '@/lib/url-state';
import { alertFiltersSchema } from './alert-filters';

const assignee = (value: string) =>
  readUrlState(alertFiltersSchema, new URLSearchParams({ assignee: value })).assignee;

describe('the Hub filters from the URL', () => {
  it('ignore an assignee that is neither me, unassigned nor a user id, before any query', () => {
    expect(assignee("'OR1=1")).toBeUndefined();
    expect(assignee('not-a-uuid')).toBeUndefined();
  });

  it('keep me, unassigned and a user id', () => {
    expect(assignee('me')).toBe('me');
    expect(assignee('unassigned')).toBe('unassigned');
    expect(assignee('0b7c7a4e-5f1e-4d7a-9a57-2f0f7f2a9d11')).toBe('0b7c7a4e-5f1e-4d7a-9a57-2f0f7f2a9d11');
  });
});
