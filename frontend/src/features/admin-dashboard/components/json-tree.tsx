/**
 * A JSON value as a nested list of keys and values, text only: details reported by browsers are
 * attacker-controlled, so every string goes through InertText and nothing is ever parsed as markup.
 */
import { Box, Code } from '@chakra-ui/react';
import { InertText } from '@/lib/security/inert-text';

const MAX_DEPTH = 8;

export function JsonTree({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (value === null || typeof value !== 'object') {
    return (
      <Code variant="plain" fontSize="sm">
        <InertText value={typeof value === 'string' ? value : JSON.stringify(value)} defangLinks />
      </Code>
    );
  }
  if (depth >= MAX_DEPTH) return <InertText value={JSON.stringify(value)} />;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  if (entries.length === 0) return <Code variant="plain">{Array.isArray(value) ? '[]' : '{}'}</Code>;
  return (
    <Box as="ul" listStyleType="none" ps={depth === 0 ? '0' : '4'} m="0" fontSize="sm">
      {entries.map(([key, item]) => (
        <li key={key}>
          <Box as="span" fontWeight="semibold" me="1">
            <InertText value={key} defangLinks={false} />:
          </Box>
          <JsonTree value={item} depth={depth + 1} />
        </li>
      ))}
    </Box>
  );
}
