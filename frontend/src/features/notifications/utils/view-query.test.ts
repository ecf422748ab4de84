import { describe, expect, it } from 'vitest';
import { resultQuery, viewRuleName } from './view-query';

describe('notify me on a view', () => {
  it('keeps the filters and drops sorting, columns, the drawer and the tab', () => {
    expect(resultQuery('?sort=score&type=domain&open=12&hide=labels&q=emotet&view=indicators')).toBe(
      'q=emotet&type=domain',
    );
    expect(
      resultQuery('?alert=6c1f0c5e-0000-4000-a000-000000000001&severity=critical,high&status=open'),
    ).toBe('severity=critical%2Chigh&status=open');
  });

  it('names the rule after the page and its filters', () => {
    expect(viewRuleName('IOC Intelligence', 'q=emotet&type=domain')).toBe(
      'IOC Intelligence: q=emotet, type=domain',
    );
    expect(viewRuleName('IOC Intelligence', '')).toBe('IOC Intelligence: everything new');
  });
});
