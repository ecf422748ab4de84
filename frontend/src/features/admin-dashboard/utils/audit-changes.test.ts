import { describe, expect, it } from 'vitest';
import { auditChangeLines } from './audit-changes';

describe('auditChangeLines', () => {
  it('shows each changed field as old → new', () => {
    expect(
      auditChangeLines({
        changes: { enabled: { from: true, to: false }, reliability: { from: 'F', to: 'B' } },
      }),
    ).toEqual([
      { field: 'enabled', text: 'true → false' },
      { field: 'reliability', text: 'F → B' },
    ]);
  });

  it('lists a created row and plain details', () => {
    expect(auditChangeLines({ row: { name: 'Feed', tags: ['a'] } })).toEqual([
      { field: 'name', text: 'Feed' },
      { field: 'tags', text: '["a"]' },
    ]);
    expect(auditChangeLines({ count: 10 })).toEqual([{ field: 'count', text: '10' }]);
  });

  it('keeps markup as text', () => {
    expect(
      auditChangeLines({ changes: { name: { from: null, to: '<img src=x onerror=alert(1)>' } } }),
    ).toEqual([{ field: 'name', text: 'null → <img src=x onerror=alert(1)>' }]);
    expect(auditChangeLines(null)).toEqual([]);
  });
});
