/** One history row of an object as a sentence (values as text, long ones cut). */
import type { ObjectChange } from '@/features/knowledge/api/object-changes';

const FIELD_NAMES: Record<string, string> = {
  name: 'name',
  description: 'description',
  aliases: 'aliases',
  external_ids: 'external ids',
  labels: 'labels',
  confidence: 'confidence',
  tlp: 'TLP',
  red_audience: 'TLP:RED audience',
  revoked: 'revoked',
  object_refs: 'covered objects',
  relationship_type: 'relationship type',
  source_ref: 'source',
  target_ref: 'target',
  merged_into: 'merged into',
};

export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (Array.isArray(value)) return value.length ? value.map((item) => valueText(item)).join(', ') : '(none)';
  if (typeof value === 'string') return value.length > 160 ? `${value.slice(0, 160)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value).slice(0, 160);
}

export function describeChange(
  change: Pick<ObjectChange, 'action' | 'field' | 'old_value' | 'new_value'>,
): string {
  const field = change.field ? (FIELD_NAMES[change.field] ?? change.field) : '';
  switch (change.action) {
    case 'created': {
      const name = (change.new_value as { name?: unknown } | null)?.name;
      return `Created${typeof name === 'string' ? ` as “${valueText(name)}”` : ''}`;
    }
    case 'merged': {
      const merged =
        (change.new_value as { merged?: { name?: string | null; stix_id: string }[] } | null)?.merged ?? [];
      return `Merged into it: ${merged.map((item) => item.name ?? item.stix_id).join(', ') || '(none)'}`;
    }
    case 'import_kept':
      return `An import offered ${field} “${valueText(change.new_value)}”; the analyst's “${valueText(change.old_value)}” was kept`;
    default:
      return `Changed ${field} from “${valueText(change.old_value)}” to “${valueText(change.new_value)}”`;
  }
}
