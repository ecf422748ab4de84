/**
 * The case as a STIX 2.1 bundle file: the linked intelligence rendered by the server's STIX renderer
 * (as the user may read it), wrapped in the case's report (utils/case-stix.ts).
 */
import { stixBundle } from '@/lib/intel/stix-export';
import type { CaseRow } from './list-cases';
import type { CaseAlert } from './list-case-alerts';
import type { CaseLink } from './list-case-links';
import type { CaseNote } from './list-case-notes';
import { caseStixBundle } from '@/features/cases/utils/case-stix';

export async function exportCaseStix(
  kase: CaseRow,
  links: CaseLink[],
  alerts: CaseAlert[],
  notes: CaseNote[],
): Promise<string> {
  const indicatorIds = links.filter((l) => l.kind === 'indicator').map((l) => Number(l.ref));
  const stixIds = links.filter((l) => l.kind === 'sighting' || l.kind === 'intel_object').map((l) => l.ref);
  const rendered = JSON.parse((await stixBundle({ indicatorIds, stixIds })).text) as {
    objects: { id: string; type: string }[];
  };
  const bundle = caseStixBundle({
    kase,
    objects: rendered.objects,
    notes,
    alerts: alerts.map((a) => ({ alert_id: a.alert_id, title: a.alert?.title ?? '' })),
    assets: links.filter((l) => l.kind === 'asset').map((l) => l.ref),
  });
  return JSON.stringify(bundle, null, 1);
}
