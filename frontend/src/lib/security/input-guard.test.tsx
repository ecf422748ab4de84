import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INJECTION_PREVIEW_CHARS, installInputGuard } from './input-guard';
import { clearLogs, recentLogEntries } from './logger';
import { securitySensitiveFormProps } from './secure-forms';
import { BENIGN_SAMPLES, XSS_CORPUS } from './xss-corpus.fixture';

interface ControlledProps {
  indicator?: boolean;
  query?: boolean;
  raw?: boolean;
  type?: string;
}

function Controlled({ indicator = false, query = false, raw = false, type = 'text' }: ControlledProps) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="f">Field</label>
      <input
        id="f"
        name="query"
        type={type}
        value={value}
        data-indicator-input={indicator ? 'true' : undefined}
        data-query-input={query ? 'true' : undefined}
        data-raw-text={raw ? 'true' : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      <output data-testid="state">{value}</output>
    </>
  );
}

const report = vi.fn();
let uninstall: () => void;

beforeEach(() => {
  localStorage.clear();
  clearLogs();
  report.mockReset();
  uninstall = installInputGuard({ report });
});

afterEach(() => uninstall());

function paste(field: HTMLElement, value: string) {
  fireEvent.input(field, { target: { value } });
}

describe('input guard', () => {
  it('clears a matching value, keeps React state in sync and records a critical injection_attempt', () => {
    render(<Controlled />);
    const field = screen.getByLabelText<HTMLInputElement>('Field');
    const payload = `<script>alert(1)</script>${'x'.repeat(200)}`;
    paste(field, payload);
    expect(field.value).toBe('');
    expect(screen.getByTestId('state')).toHaveTextContent(/^$/);
    expect(report).toHaveBeenCalledWith('injection_attempt', {
      patterns: ['script_tag'],
      preview: payload.slice(0, INJECTION_PREVIEW_CHARS),
      field: 'query',
      path: '/',
    });
    const entry = recentLogEntries().at(-1);
    expect(entry).toMatchObject({ level: 'critical', component: 'input-guard' });
    expect(entry?.message).toContain('injection_attempt');
  });

  // fireEvent rather than user-event: user-event keeps its own copy of the typed text, which a native
  // value change made during its dispatch does not update; a browser has no such copy.
  it('keeps working while typing after a clear', () => {
    render(<Controlled />);
    const field = screen.getByLabelText<HTMLInputElement>('Field');
    paste(field, 'eval(');
    expect(field.value).toBe('');
    for (const value of ['h', 'he', 'hel', 'hello world']) paste(field, value);
    expect(field.value).toBe('hello world');
    expect(screen.getByTestId('state')).toHaveTextContent('hello world');
  });

  it('lets ordinary typing through untouched', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.type(screen.getByLabelText('Field'), 'APT29 <= 3 (evaluate)');
    expect(screen.getByTestId('state')).toHaveTextContent('APT29 <= 3 (evaluate)');
    expect(report).not.toHaveBeenCalled();
  });

  it.each(XSS_CORPUS.filter((s) => s.guard).map((s) => [s.kind, s.vector]))(
    'clears a %s vector: %j',
    (_k, vector) => {
      render(<Controlled />);
      const field = screen.getByLabelText<HTMLInputElement>('Field');
      paste(field, vector);
      expect(field.value).toBe('');
      expect(report).toHaveBeenCalledTimes(1);
    },
  );

  it.each(BENIGN_SAMPLES)('leaves ordinary text alone: %j', (text) => {
    render(<Controlled />);
    const field = screen.getByLabelText<HTMLInputElement>('Field');
    paste(field, text);
    expect(field.value).toBe(text);
    expect(report).not.toHaveBeenCalled();
  });

  it('guards textareas and change events too', () => {
    render(<textarea aria-label="Notes" defaultValue="" />);
    const area = screen.getByLabelText<HTMLTextAreaElement>('Notes');
    fireEvent.change(area, { target: { value: 'document.cookie' } });
    expect(area.value).toBe('');
  });

  it('defangs and logs, without clearing or reporting, in indicator fields', () => {
    render(<Controlled indicator />);
    const field = screen.getByLabelText<HTMLInputElement>('Field');
    paste(field, 'javascript:alert(1) via http://evil.example.com');
    expect(field.value).toBe('javascript[:]alert(1) via hxxp://evil[.]example[.]com');
    expect(screen.getByTestId('state')).toHaveTextContent('hxxp://evil[.]example[.]com');
    expect(report).not.toHaveBeenCalled();
    paste(field, `${field.value} more`);
    expect(recentLogEntries().filter((e) => e.component === 'input-guard')).toHaveLength(1);
    expect(recentLogEntries()[0]).toMatchObject({ level: 'warn' });
  });

  it('keeps a search box exactly as typed, payloads and links included, and only logs locally', () => {
    render(<Controlled query type="search" />);
    const field = screen.getByLabelText<HTMLInputElement>('Field');
    const payload = '<script>alert(1)</script> onerror= javascript:x http://evil.example.com';
    paste(field, payload);
    expect(field.value).toBe(payload);
    expect(screen.getByTestId('state')).toHaveTextContent(payload);
    expect(report).not.toHaveBeenCalled();
    paste(field, `${payload} `);
    const logged = recentLogEntries().filter((e) => e.component === 'input-guard');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'warn' });
  });

  it("keeps analysts' knowledge text exactly as typed and only logs locally", () => {
    render(<Controlled raw />);
    const field = screen.getByLabelText<HTMLInputElement>('Field');
    const payload = 'Dropper <img src=x onerror=alert(1)> then <script>alert(1)</script>';
    paste(field, payload);
    expect(field.value).toBe(payload);
    expect(screen.getByTestId('state')).toHaveTextContent(payload);
    expect(report).not.toHaveBeenCalled();
    expect(recentLogEntries().filter((e) => e.component === 'input-guard')).toHaveLength(1);
  });

  it('leaves password fields alone and never logs them', () => {
    render(<Controlled type="password" />);
    const field = screen.getByLabelText<HTMLInputElement>('Field');
    paste(field, 'eval(<script>');
    expect(field.value).toBe('eval(<script>');
    expect(recentLogEntries()).toHaveLength(0);
  });

  it('turns autocomplete off on security-sensitive forms, also for fields added later', () => {
    const { rerender } = render(
      <form {...securitySensitiveFormProps} aria-label="MFA">
        <input aria-label="Code" />
      </form>,
    );
    rerender(
      <form {...securitySensitiveFormProps} aria-label="MFA" autoComplete="on">
        <input aria-label="Code" />
        <input aria-label="Backup" autoComplete="on" />
      </form>,
    );
    screen.getByLabelText('Backup').focus();
    expect(screen.getByRole('form', { name: 'MFA' })).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByLabelText('Backup')).toHaveAttribute('autocomplete', 'off');
  });

  it('stops guarding after uninstall', () => {
    uninstall();
    render(<Controlled />);
    const field = screen.getByLabelText<HTMLInputElement>('Field');
    paste(field, '<script>');
    expect(field.value).toBe('<script>');
    uninstall = () => undefined;
  });
});
