/**
 * An alert's words, defanged only when they carry intelligence. A KEV-exposure alert names our own
 * hosts (`vpn.demo-corp.example`), which stay readable; alerts from sightings, hunts, lookalikes and
 * leaks name hostile values, which are defanged. An unknown category is treated as intelligence.
 */
import { InertText, type InertTextProps } from '@/lib/security/inert-text';

/** Categories whose alerts describe our own assets and hold no hostile value. */
const OWN_ASSET_CATEGORIES: ReadonlySet<string> = new Set(['vulnerability']);

export function alertNamesIntelligence(category: string): boolean {
  return !OWN_ASSET_CATEGORIES.has(category);
}

type AlertTextProps = Omit<InertTextProps, 'defangLinks'> & { category: string };

export function AlertText({ category, ...props }: AlertTextProps) {
  return <InertText {...props} defangLinks={alertNamesIntelligence(category)} />;
}
