import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installBlockedInteractions, isBlockedShortcut } from './blocked-interactions';

let uninstall: () => void;
beforeEach(() => {
  document.body.innerHTML = `
    <button id="button">Go</button>
    <input id="text" type="text" />
    <textarea id="area"></textarea>
    <div id="editable" contenteditable="true">x</div>
    <div id="zone" data-dropzone><span id="inside">drop here</span></div>`;
  uninstall = installBlockedInteractions();
});
afterEach(() => {
  uninstall();
  document.body.innerHTML = '';
});

function key(target: Element, init: KeyboardEventInit): boolean {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event.defaultPrevented;
}

const el = (id: string) => document.getElementById(id)!;

describe('blocked shortcuts', () => {
  it.each([
    { key: 'F12', code: 'F12' },
    { key: 'I', code: 'KeyI', ctrlKey: true, shiftKey: true },
    { key: 'J', code: 'KeyJ', ctrlKey: true, shiftKey: true },
    { key: 'u', code: 'KeyU', ctrlKey: true },
    { key: 'ˆ', code: 'KeyI', metaKey: true, altKey: true },
  ])('blocks %o', (init) => {
    expect(key(el('button'), init)).toBe(true);
  });

  it.each([
    { key: 'Tab', code: 'Tab' },
    { key: 'Tab', code: 'Tab', shiftKey: true },
    { key: 'Escape', code: 'Escape' },
    { key: 'Enter', code: 'Enter' },
    { key: ' ', code: 'Space' },
    { key: 'ArrowDown', code: 'ArrowDown' },
    { key: 'b', code: 'KeyB', ctrlKey: true },
    { key: 'b', code: 'KeyB', metaKey: true },
    { key: 'i', code: 'KeyI', ctrlKey: true },
    { key: 'U', code: 'KeyU', ctrlKey: true, shiftKey: true },
    { key: 'F5', code: 'F5' },
  ])('keeps %o working', (init) => {
    expect(key(el('button'), init)).toBe(false);
  });

  it.each(['c', 'v', 'x', 'a', 'z'])('keeps Ctrl/Cmd+%s working in inputs', (letter) => {
    const code = `Key${letter.toUpperCase()}`;
    expect(key(el('text'), { key: letter, code, ctrlKey: true })).toBe(false);
    expect(key(el('area'), { key: letter, code, metaKey: true })).toBe(false);
  });

  it('does not stop other handlers from seeing keys', () => {
    let seen = 0;
    const count = () => (seen += 1);
    document.addEventListener('keydown', count);
    key(el('button'), { key: 'F12', code: 'F12' });
    key(el('button'), { key: 'Escape', code: 'Escape' });
    document.removeEventListener('keydown', count);
    expect(seen).toBe(2);
  });

  it('lets Tab and Shift+Tab move focus', async () => {
    const user = userEvent.setup();
    el('button').focus();
    await user.tab();
    expect(document.activeElement).toBe(el('text'));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(el('button'));
  });

  it('recognises the shortcut by physical key on other layouts', () => {
    const event = new KeyboardEvent('keydown', { key: 'Г', code: 'KeyU', ctrlKey: true });
    expect(isBlockedShortcut(event)).toBe(true);
  });
});

describe('context menu', () => {
  function contextMenu(target: Element): boolean {
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  }

  it('is blocked on the page but allowed in text fields, so paste via the menu works', () => {
    expect(contextMenu(el('button'))).toBe(true);
    expect(contextMenu(el('text'))).toBe(false);
    expect(contextMenu(el('area'))).toBe(false);
    expect(contextMenu(el('editable'))).toBe(false);
  });
});

describe('drag and drop', () => {
  function drag(type: string, target: Element): boolean {
    const event = new Event(type, { bubbles: true, cancelable: true });
    target.dispatchEvent(event);
    return event.defaultPrevented;
  }

  it('is blocked outside drop zones and left alone inside them', () => {
    for (const type of ['dragstart', 'dragover', 'drop']) {
      expect(drag(type, el('button'))).toBe(true);
      expect(drag(type, el('inside'))).toBe(false);
    }
  });

  it('stops blocking after uninstall', () => {
    uninstall();
    expect(drag('drop', el('button'))).toBe(false);
    expect(key(el('button'), { key: 'F12', code: 'F12' })).toBe(false);
    uninstall = () => undefined;
  });
});
