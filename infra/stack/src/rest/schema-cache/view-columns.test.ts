import { describe, expect, it } from 'vitest';
import { viewColumnOrigins } from './view-columns.js';

// Shaped like pg_rewrite.ev_action of `create view v as select id, (select 1) as one, "odd (name)" from t`:
// the sublink's own target list and the escaped parenthesis must not confuse the reader.
const DEFINITION =
  '({QUERY :commandType 1 :rtable ({RANGETBLENTRY :eref {ALIAS :aliasname t :colnames ("id" "odd\\ \\(name\\)")} :relid 100}) ' +
  ':jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals <>} ' +
  ':targetList (' +
  '{TARGETENTRY :expr {VAR :varno 1 :varattno 1} :resno 1 :resname id :ressortgroupref 0 :resorigtbl 100 :resorigcol 1 :resjunk false} ' +
  '{TARGETENTRY :expr {SUBLINK :subselect {QUERY :targetList ({TARGETENTRY :expr {CONST} :resno 7 :resname x :ressortgroupref 0 :resorigtbl 999 :resorigcol 9 :resjunk false})}} ' +
  ':resno 2 :resname one :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} ' +
  '{TARGETENTRY :expr {VAR :varno 1 :varattno 2} :resno 3 :resname odd\\ \\(name\\) :ressortgroupref 0 :resorigtbl 100 :resorigcol 2 :resjunk false}' +
  ') :override 0})';

describe('viewColumnOrigins', () => {
  it('reads the origin of each plain column of the top-level target list', () => {
    expect(viewColumnOrigins(DEFINITION)).toEqual([
      { resno: 1, table: 100, column: 1 },
      { resno: 3, table: 100, column: 2 },
    ]);
  });

  it('returns nothing for text it cannot read', () => {
    expect(viewColumnOrigins('')).toEqual([]);
    expect(viewColumnOrigins('({QUERY :commandType 1})')).toEqual([]);
  });
});
