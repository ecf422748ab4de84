import { INDICATOR_TYPES, type IndicatorType } from './model.ts';
import { hasControlCharacters, type ControlWriter } from './control-writer.ts';

/**
 * One value a line, for anything that reads a plain list (proxies' block lists, EDR imports). With more
 * than one type selected each type with values gets a `# type` section line; a value with a line break,
 * or starting with `#` (read as a comment), is left out.
 */
export function textWriter(selected: readonly IndicatorType[] | null): ControlWriter {
  const sections = selected === null || selected.length > 1;
  let current: IndicatorType | null = null;
  return {
    types: INDICATOR_TYPES,
    comment: (line) => `# ${line}`,
    unwritable: (row) =>
      hasControlCharacters(row.value)
        ? 'line break in the value'
        : row.value.startsWith('#')
          ? 'starts with #'
          : null,
    row(row, out) {
      if (sections && row.type !== current) out.write(`# ${row.type}\n`);
      current = row.type;
      out.write(`${row.value}\n`);
    },
  };
}
