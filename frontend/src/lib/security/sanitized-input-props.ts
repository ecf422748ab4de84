/**
 * Applies the shared sanitiser to an input's props (SPEC §5: type text, email or untyped, and only when a
 * change handler exists). While the user types, dangerous fragments are stripped before the handler sees
 * the value; trimming waits for blur, because trimming on every keystroke would eat the space typed
 * between two words. After blur the value equals sanitizeTextInput(value).
 *
 *   <Input {...sanitizedInputProps({ value, onChange: (e) => setValue(e.target.value) })} />
 */
import type { ChangeEvent, ChangeEventHandler, FocusEvent, FocusEventHandler } from 'react';
import { setFieldValue } from './dom-value';
import { isSanitizedInputType, sanitizeTextInput, stripDangerousText } from './sanitize-text-input';

type Field = HTMLInputElement | HTMLTextAreaElement;

interface SanitizableProps<E extends Field> {
  type?: string;
  onChange?: ChangeEventHandler<E>;
  onBlur?: FocusEventHandler<E>;
}

export function sanitizedInputProps<E extends Field, P extends SanitizableProps<E>>(props: P): P {
  const { onChange, onBlur } = props;
  if (!onChange || !isSanitizedInputType(props.type)) return props;
  return {
    ...props,
    onChange: (event: ChangeEvent<E>) => {
      const field = event.target;
      const clean = stripDangerousText(field.value);
      // Through React's own setter, so its tracker agrees with what the handler is told.
      if (clean !== field.value) field.value = clean;
      onChange(event);
    },
    onBlur: (event: FocusEvent<E>) => {
      const field = event.target;
      const clean = sanitizeTextInput(field.value);
      if (clean !== field.value) setFieldValue(field, clean);
      onBlur?.(event);
    },
  };
}
