/**
 * The search box of every list page. It takes any text as typed (payloads with `<`, `>` and quotes are
 * what analysts search for; the input guard leaves fields marked `data-query-input` alone), commits it to
 * the page after a pause in typing, and says at once when the text is longer than the page can search.
 * An over-long text is still committed, so the page shows the refusal instead of its previous results.
 */
import { Field, Input, type InputProps } from '@chakra-ui/react';
import { QUERY_INPUT_ATTRIBUTE } from '@/lib/security/input-guard';
import { searchTextProblem } from '@/lib/search-text';
import { useDebouncedInput } from '@/lib/use-debounced-input';

interface SearchInputProps extends Pick<InputProps, 'size' | 'placeholder' | 'autoFocus'> {
  /** The committed search (from the URL). */
  value: string;
  onCommit: (value: string) => void;
  /** The longest text the page's search accepts (SEARCH_LIMITS). */
  limit: number;
  label: string;
  maxWidth?: string;
  delayMs?: number;
  /** What is committed for what was typed; the box keeps showing what was typed. */
  normalise?: (text: string) => string;
}

export function SearchInput({
  value,
  onCommit,
  limit,
  label,
  maxWidth = '22rem',
  delayMs,
  normalise = (text) => text.trim(),
  ...inputProps
}: SearchInputProps) {
  const [text, setText] = useDebouncedInput(value, onCommit, { delayMs, normalise });
  const problem = searchTextProblem(text, limit);
  return (
    <Field.Root invalid={problem !== null} maxWidth={maxWidth} width="full">
      <Input
        {...inputProps}
        type="search"
        aria-label={label}
        {...{ [QUERY_INPUT_ATTRIBUTE]: 'true' }}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {problem && <Field.ErrorText role="alert">{problem}</Field.ErrorText>}
    </Field.Root>
  );
}
