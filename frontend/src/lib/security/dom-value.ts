/**
 * Changes a field's value the way a user would, so React sees it: the prototype's native setter bypasses
 * React's value tracker, and the bubbling `input` event makes React run the field's onChange with the new
 * value. Controlled inputs therefore stay in sync with their state.
 */
export type TextField = HTMLInputElement | HTMLTextAreaElement;

export function setFieldValue(field: TextField, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function isTextField(target: EventTarget | null): target is TextField {
  return target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}
