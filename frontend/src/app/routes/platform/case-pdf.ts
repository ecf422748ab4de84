/**
 * A case as a PDF, drawn by the executive briefing's renderer (its TLP band on every page, real text):
 * the case's facts as figures, its description and notes as text, and its alerts, links, tasks and
 * timeline as tables. Loaded on click, with jsPDF.
 */
import { tlpLabel, type TlpLevel } from '@/components/intel/tlp-badge';
import { TLP_DEFINITIONS } from '@/components/intel/tlp-marking';
import { formatDate, formatDateTime } from '@/lib/format/format';
import { createBriefingPdf } from '@/features/briefing/pdf/briefing-pdf';
import type { BriefingDocument, BriefingTable } from '@/features/briefing/utils/briefing-document';
import { listCaseAlerts } from '@/features/cases/api/list-case-alerts';
import { listCaseEvents } from '@/features/cases/api/list-case-events';
import { listCaseLinks } from '@/features/cases/api/list-case-links';
import { listCaseNotes } from '@/features/cases/api/list-case-notes';
import { listCasePeople, personName } from '@/features/cases/api/list-case-people';
import { listCaseTasks } from '@/features/cases/api/list-case-tasks';
import type { CaseRow } from '@/features/cases/api/list-cases';
import { eventText } from '@/features/cases/components/case-timeline';
import { KIND_LABELS, STATUS_LABELS } from '@/features/cases/schemas/case-filters';
import { SLA_LABELS, slaState } from '@/features/cases/utils/sla';

const ROWS = 40;
const NOTE_CHARACTERS = 1500;

function table(title: string, columns: string[], rows: string[][], empty: string): BriefingTable {
  return { title, columns, rows: rows.slice(0, ROWS), more: Math.max(rows.length - ROWS, 0), empty };
}

export async function casePdfDocument(kase: CaseRow, now = new Date()): Promise<BriefingDocument> {
  const [alerts, links, tasks, notes, events, people] = await Promise.all([
    listCaseAlerts(kase.id),
    listCaseLinks(kase.id),
    listCaseTasks(kase.id),
    listCaseNotes(kase.id),
    listCaseEvents(kase.id),
    listCasePeople().catch(() => []),
  ]);
  const name = (id: string | null) => (id ? personName(people, id) : 'The platform');
  const tlp = kase.tlp as TlpLevel;
  const cut = (text: string) => (text.length > NOTE_CHARACTERS ? `${text.slice(0, NOTE_CHARACTERS)}…` : text);
  return {
    title: kase.title,
    tlp,
    tlpLabel: tlpLabel(tlp),
    marking: `${tlpLabel(tlp)}: ${TLP_DEFINITIONS[tlp]}`,
    period: `${KIND_LABELS[kase.kind]} · opened ${formatDateTime(kase.created_at)} by ${kase.created_by ? name(kase.created_by) : 'the platform'} · assigned to ${kase.assignee ? name(kase.assignee) : 'nobody'}`,
    generated: `Generated ${formatDateTime(now.toISOString())}`,
    figures: [
      {
        label: 'Status',
        value: STATUS_LABELS[kase.status],
        trend: SLA_LABELS[slaState(kase, now.getTime())],
      },
      { label: 'Severity', value: kase.severity, trend: `Due ${formatDateTime(kase.due_at) ?? '—'}` },
      { label: 'Tasks done', value: `${tasks.filter((t) => t.done).length} / ${tasks.length}`, trend: '' },
      {
        label: 'Alerts and links',
        value: String(alerts.length + links.length),
        trend: `PAP:${kase.pap.toUpperCase()}`,
      },
    ],
    sentences: [
      kase.description ? cut(kase.description) : 'No description.',
      ...notes.map(
        (note) => `Note by ${name(note.author)}, ${formatDateTime(note.created_at)}: ${cut(note.body)}`,
      ),
    ],
    charts: [],
    tables: [
      table(
        'Alerts',
        ['Severity', 'Alert', 'Status', 'Added', 'Category'],
        alerts.map((a) => [
          a.alert?.severity ?? '',
          a.alert?.title ?? 'An alert you cannot read',
          a.alert?.status ?? '',
          formatDate(a.added_at) ?? '',
          a.alert?.category ?? '',
        ]),
        'No alert.',
      ),
      table(
        'Linked intelligence and assets',
        ['Kind', 'Reference', '', 'Added', 'By'],
        links.map((l) => [
          l.kind.replace('intel_object', 'object'),
          l.ref,
          '',
          formatDate(l.added_at) ?? '',
          name(l.added_by),
        ]),
        'Nothing linked.',
      ),
      table(
        'Tasks',
        ['Done', 'Task', 'Added', '', 'Assignee'],
        tasks.map((t) => [
          t.done ? 'Yes' : 'No',
          t.title,
          formatDate(t.created_at) ?? '',
          '',
          t.assignee ? name(t.assignee) : '',
        ]),
        'No task.',
      ),
      table(
        'Timeline',
        ['When', 'What', '', '', 'Who'],
        events.map((e) => [formatDate(e.occurred_at) ?? '', eventText(e, name), '', '', name(e.actor)]),
        'Nothing yet.',
      ),
    ],
    footer:
      'A case as the person who exported it may read it: linked items beyond their clearance are not shown.',
    filename: `case-${kase.id.slice(0, 8)}-${tlp.replace('+', '-')}.pdf`,
  };
}

export async function downloadCasePdf(kase: CaseRow): Promise<void> {
  const blob = createBriefingPdf(await casePdfDocument(kase)).output('blob');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `case-${kase.id.slice(0, 8)}.pdf`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
