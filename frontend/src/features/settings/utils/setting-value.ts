/**
 * The page's side of a setting's value: text for the table, the draft an input holds, and the same
 * checks the server makes (with its words), so a bad value is explained before it is sent. The server
 * checks again; its message wins when the two differ.
 */
import type { Setting, SettingValue } from '@/features/settings/api/list-settings';

type Rule = Pick<Setting, 'label' | 'type' | 'min_value' | 'max_value' | 'allowed_values'>;

export function formatSettingValue(setting: Pick<Setting, 'type' | 'value' | 'unit'>): string {
  if (setting.type === 'boolean') return setting.value === true ? 'On' : 'Off';
  if (setting.type === 'integer' && setting.unit) return `${String(setting.value)} ${setting.unit}`;
  return String(setting.value);
}

export function rangeText(setting: Rule & Pick<Setting, 'unit'>): string {
  if (setting.type === 'integer')
    return `${setting.min_value ?? ''}–${setting.max_value ?? ''}${setting.unit ? ` ${setting.unit}` : ''}`;
  if (setting.type === 'enum') return (setting.allowed_values ?? []).join(', ');
  return 'On or off';
}

export type Parsed = { ok: true; value: SettingValue } | { ok: false; message: string };

/** A draft (the input's text, or 'true'/'false' for a switch) as the value to send, or why not. */
export function parseSettingDraft(setting: Rule, draft: string): Parsed {
  const text = draft.trim();
  if (text === '') return { ok: false, message: `${setting.label} needs a value` };
  if (setting.type === 'integer') {
    if (!/^-?\d+$/.test(text)) return { ok: false, message: `${setting.label} must be a whole number` };
    const value = Number(text);
    if (value < (setting.min_value ?? -Infinity) || value > (setting.max_value ?? Infinity)) {
      return {
        ok: false,
        message: `${setting.label} must be between ${setting.min_value} and ${setting.max_value}`,
      };
    }
    return { ok: true, value };
  }
  if (setting.type === 'enum') {
    const allowed = setting.allowed_values ?? [];
    return allowed.includes(text)
      ? { ok: true, value: text }
      : { ok: false, message: `${setting.label} must be one of: ${allowed.join(', ')}` };
  }
  if (text === 'true' || text === 'false') return { ok: true, value: text === 'true' };
  return { ok: false, message: `${setting.label} must be true or false` };
}

/** "from → to" of a setting.changed audit row, as text. */
export function changeText(details: unknown): string {
  const change = (details as { changes?: { value?: { from?: unknown; to?: unknown } } } | null)?.changes
    ?.value;
  if (!change) return JSON.stringify(details);
  return `${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`;
}
