import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useTriageShortcuts } from './use-triage-shortcuts';

function Queue({ onHelp, onMove }: { onHelp: () => void; onMove: () => void }) {
  useTriageShortcuts({ enabled: true, onMove, onAssignToMe: vi.fn(), onHelp });
  return (
    <>
      <select aria-label="Severity">
        <option>critical</option>
      </select>
      <input aria-label="Note" type="text" />
      <div role="dialog" aria-label="Alert">
        <button type="button">Acknowledge</button>
      </div>
    </>
  );
}

const press = (element: Element | Window, key: string) => fireEvent.keyDown(element, { key });

describe('the queue shortcuts', () => {
  it('open the shortcuts with ? from a filter select, the open alert and the page', () => {
    const onHelp = vi.fn();
    render(<Queue onHelp={onHelp} onMove={vi.fn()} />);
    press(screen.getByRole('combobox', { name: 'Severity' }), '?');
    press(screen.getByRole('button', { name: 'Acknowledge' }), '?');
    press(document.body, '?');
    expect(onHelp).toHaveBeenCalledTimes(3);
  });

  it('leave ? to a text field, and letters to selects and dialogs', () => {
    const onHelp = vi.fn();
    const onMove = vi.fn();
    render(<Queue onHelp={onHelp} onMove={onMove} />);
    press(screen.getByRole('textbox', { name: 'Note' }), '?');
    press(screen.getByRole('combobox', { name: 'Severity' }), 'a');
    press(screen.getByRole('button', { name: 'Acknowledge' }), 'a');
    expect(onHelp).not.toHaveBeenCalled();
    expect(onMove).not.toHaveBeenCalled();
    press(document.body, 'a');
    expect(onMove).toHaveBeenCalledWith('acknowledged');
  });
});
