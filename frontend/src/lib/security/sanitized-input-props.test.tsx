import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sanitizedInputProps } from './sanitized-input-props';

function Field({ type }: { type?: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <input
        aria-label="Name"
        {...sanitizedInputProps({ type, value, onChange: (e) => setValue(e.target.value) })}
      />
      <output data-testid="state">{JSON.stringify(value)}</output>
    </>
  );
}

describe('sanitizedInputProps', () => {
  it('strips dangerous fragments while typing and keeps spaces between words', async () => {
    const user = userEvent.setup();
    render(<Field />);
    await user.type(screen.getByLabelText('Name'), 'hello <b>world');
    expect(screen.getByTestId('state')).toHaveTextContent('"hello bworld"');
  });

  it('trims on blur so the final value equals sanitizeTextInput(value)', async () => {
    const user = userEvent.setup();
    render(<Field type="email" />);
    await user.type(screen.getByLabelText('Name'), '  ann@example.org  ');
    await user.tab();
    expect(screen.getByTestId('state')).toHaveTextContent('"ann@example.org"');
  });

  it('removes javascript: pasted in one go', () => {
    render(<Field />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'JaVaScRiPt:alert(1)' } });
    expect(screen.getByTestId('state')).toHaveTextContent('"alert(1)"');
  });

  it('leaves other input types and inputs without a change handler untouched', () => {
    const onChange = vi.fn();
    const number = { type: 'number', onChange };
    const readOnly = { type: 'text', value: '<x>' };
    expect(sanitizedInputProps(number)).toBe(number);
    expect(sanitizedInputProps(readOnly)).toBe(readOnly);
  });

  it("still calls the caller's onBlur", () => {
    const onBlur = vi.fn();
    render(<input aria-label="B" {...sanitizedInputProps({ onChange: () => undefined, onBlur })} />);
    fireEvent.blur(screen.getByLabelText('B'));
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
