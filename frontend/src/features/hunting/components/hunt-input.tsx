/**
 * The paste box. A paste over 10 MB is refused before it lands (the text is never read); the field
 * is an indicator input, so the input guard keeps hostile values (defanged) instead of clearing them.
 */
import { Field, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { HUNT_LIMITS, pasteSizeProblem } from '@/features/hunting/utils/hunt-limits';
import { formatInteger } from '@/lib/format/format';

interface HuntInputProps {
  text: string;
  onTextChange: (text: string) => void;
  disabled?: boolean;
}

export function HuntInput({ text, onTextChange, disabled = false }: HuntInputProps) {
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Field.Root invalid={refusal !== null} disabled={disabled}>
      <Field.Label>Values to hunt for</Field.Label>
      <Textarea
        data-indicator-input="true"
        value={text}
        rows={12}
        fontFamily="mono"
        fontSize="sm"
        spellCheck={false}
        autoComplete="off"
        wrap="off"
        placeholder={
          '# One value per line\nhxxp://evil[.]com/login\n203.0.113.7, 198.51.100.2\nd41d8cd98f00b204e9800998ecf8427e'
        }
        onPaste={(event) => {
          // The pasted text alone can be judged before the browser inserts it.
          const problem = pasteSizeProblem(event.clipboardData.getData('text'));
          if (problem) {
            event.preventDefault();
            setRefusal(problem);
          }
        }}
        onChange={(event) => {
          const problem = pasteSizeProblem(event.target.value);
          setRefusal(problem);
          // Refused: the controlled box goes back to the text it had.
          if (!problem) onTextChange(event.target.value);
        }}
      />
      {refusal ? (
        <Field.ErrorText role="alert">{refusal}</Field.ErrorText>
      ) : (
        <Field.HelperText>
          One value per line; commas, spaces and semicolons also separate. # and // start a comment. Defanged
          values (hxxp, [.]) are read. Up to {formatInteger(HUNT_LIMITS.maxValues)} values or{' '}
          {HUNT_LIMITS.maxTextBytes / (1024 * 1024)} MB.
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
