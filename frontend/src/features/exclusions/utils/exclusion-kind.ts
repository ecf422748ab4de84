/** How an exclusion matches, in words, and what an indicator's value is best excluded as. */
import type { Database } from '@db/types';

export type ExclusionKind = Database['public']['Enums']['exclusion_kind'];
export type IndicatorType = Database['public']['Enums']['indicator_type'];

export const EXCLUSION_KINDS: readonly ExclusionKind[] = ['value', 'cidr', 'domain'];

export const KIND_LABELS: Record<ExclusionKind, string> = {
  value: 'Exact value',
  cidr: 'Network (CIDR)',
  domain: 'Domain and its subdomains',
};

export const KIND_PLACEHOLDERS: Record<ExclusionKind, string> = {
  value: 'The value exactly as the indicator holds it',
  cidr: '10.0.0.0/8 or 2001:db8::/32',
  domain: 'example.com (no scheme or path)',
};

export interface ExclusionDraft {
  kind: ExclusionKind;
  value: string;
  /** Only with kind 'value': the entry then holds this type's value alone. */
  indicatorType?: IndicatorType;
}

/** A range is excluded as the network (everything inside it too); any other value exactly, for its type. */
export function suggestedExclusion(type: IndicatorType, value: string): ExclusionDraft {
  if (type === 'ipv4-cidr' || type === 'ipv6-cidr') return { kind: 'cidr', value };
  return { kind: 'value', value, indicatorType: type };
}
