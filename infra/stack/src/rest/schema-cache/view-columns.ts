/**
 * Which base-table column each column of a view comes from, read from the view's rewrite rule
 * (`pg_rewrite.ev_action`, a pg_node_tree) as PostgREST does: the top-level query's target list
 * records `resorigtbl`/`resorigcol` for plain column references. Used to carry foreign keys over
 * to views so they can be embedded too.
 */

export interface ColumnOrigin {
  /** Attribute number of the view column (its `resno`). */
  resno: number;
  table: number;
  column: number;
}

/** Index just past the `}` or `)` closing the node opened at `start` (a `{` or `(`). */
function skipNode(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
    } else if (ch === '{' || ch === '(') {
      depth++;
    } else if (ch === '}' || ch === ')') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/** The value of `:field` among the node's own fields (skipping nested nodes), from `start` to `end`. */
function ownField(text: string, start: number, end: number, field: string): string | undefined {
  const token = `:${field} `;
  for (let i = start; i < end; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
    } else if (ch === '{' || ch === '(') {
      i = skipNode(text, i) - 1;
    } else if (text.startsWith(token, i)) {
      const from = i + token.length;
      let to = from;
      while (to < end && !/[\s})]/.test(text[to]!)) to++;
      return text.slice(from, to);
    }
  }
  return undefined;
}

/** The start of the top-level query node's own `:targetList` list, or -1. */
function targetListStart(definition: string): number {
  const query = definition.indexOf('{QUERY');
  if (query === -1) return -1;
  const end = skipNode(definition, query);
  const token = ':targetList ';
  for (let i = query + 1; i < end; i++) {
    const ch = definition[i];
    if (ch === '\\') {
      i++;
    } else if (ch === '{' || ch === '(') {
      i = skipNode(definition, i) - 1;
    } else if (definition.startsWith(token, i)) {
      return i + token.length;
    }
  }
  return -1;
}

export function viewColumnOrigins(definition: string): ColumnOrigin[] {
  const list = targetListStart(definition);
  if (list === -1 || definition[list] !== '(') return [];
  const listEnd = skipNode(definition, list);
  const origins: ColumnOrigin[] = [];
  for (let i = list + 1; i < listEnd - 1; i++) {
    if (definition[i] !== '{') continue;
    const end = skipNode(definition, i);
    const resno = Number(ownField(definition, i + 1, end - 1, 'resno'));
    const table = Number(ownField(definition, i + 1, end - 1, 'resorigtbl'));
    const column = Number(ownField(definition, i + 1, end - 1, 'resorigcol'));
    if (ownField(definition, i + 1, end - 1, 'resjunk') !== 'true' && table > 0 && column > 0) {
      origins.push({ resno, table, column });
    }
    i = end - 1;
  }
  return origins;
}
