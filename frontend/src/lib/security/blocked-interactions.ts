/**
 * Blocks right-click, F12, Ctrl+Shift+I/J, Ctrl+U and drag/drop (SPEC §9). Theatre (the browser menu,
 * view-source: and plain HTTP clients bypass it), so it must cost users nothing:
 * - only those exact shortcuts are cancelled (also their macOS forms Cmd+Option+I/J/U); Tab, Shift+Tab,
 *   Escape, Enter, Space, arrows, Ctrl/Cmd+B and the editing shortcuts C/V/X/A/Z never are, and nothing
 *   stops propagation, so every other handler and assistive technology sees every key;
 * - the context menu stays available inside text inputs, textareas and contenteditable elements, where
 *   people paste and spell-check through it (and where keyboard users reach it with Shift+F10);
 * - drag and drop work inside elements marked `data-dropzone`; elsewhere a dropped file no longer makes the
 *   browser leave the app to open it.
 */

const EDITABLE_SELECTOR =
  'textarea, [contenteditable=""], [contenteditable="true"], input:not([type]), ' +
  'input[type="text"], input[type="search"], input[type="email"], input[type="url"], input[type="tel"], ' +
  'input[type="password"], input[type="number"]';

export const DROPZONE_SELECTOR = '[data-dropzone]';

function closest(target: EventTarget | null, selector: string): Element | null {
  const element = target instanceof Element ? target : target instanceof Node ? target.parentElement : null;
  return element?.closest(selector) ?? null;
}

/** True for the developer-tool and view-source shortcuts of the spec, nothing else. */
export function isBlockedShortcut(event: KeyboardEvent): boolean {
  if (event.key === 'F12') return true;
  const letter = event.code.startsWith('Key') ? event.code.slice(3) : event.key.toUpperCase();
  const ctrl = event.ctrlKey && !event.metaKey;
  const macTools = event.metaKey && event.altKey;
  if ((letter === 'I' || letter === 'J') && ((ctrl && event.shiftKey) || macTools)) return true;
  if (letter === 'U' && ((ctrl && !event.shiftKey && !event.altKey) || macTools)) return true;
  return false;
}

export function installBlockedInteractions(root: Document = document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (isBlockedShortcut(event)) event.preventDefault();
  };
  const onContextMenu = (event: MouseEvent) => {
    if (!closest(event.target, EDITABLE_SELECTOR)) event.preventDefault();
  };
  const onDrag = (event: DragEvent) => {
    if (closest(event.target, DROPZONE_SELECTOR)) return;
    event.preventDefault();
    if (event.dataTransfer && event.type !== 'dragstart') event.dataTransfer.dropEffect = 'none';
  };
  const dragEvents = ['dragstart', 'dragover', 'drop'] as const;

  root.addEventListener('keydown', onKeyDown, true);
  root.addEventListener('contextmenu', onContextMenu, true);
  for (const type of dragEvents) root.addEventListener(type, onDrag, true);
  return () => {
    root.removeEventListener('keydown', onKeyDown, true);
    root.removeEventListener('contextmenu', onContextMenu, true);
    for (const type of dragEvents) root.removeEventListener(type, onDrag, true);
  };
}
