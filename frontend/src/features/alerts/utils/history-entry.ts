/** One line of an alert's history in words ("status new → dismissed", "marked false positive"). */
/** The sentence for every kind but notes, which show their (inert) text instead. */
interface HistoryChange {
  kind: string;
  from_value: string | null;
  to_value: string | null;
}

export function historyText(row: HistoryChange): string {
  switch (row.kind) {
    case 'raised':
      return 'raised the alert';
    case 'false_positive':
      return row.to_value === 'true' ? 'Marked false positive' : 'False-positive verdict withdrawn';
    case 'assignment':
      return `assigned ${row.from_value ?? '—'} → ${row.to_value ?? '—'}`;
    default:
      return `${row.kind} ${row.from_value ?? '—'} → ${row.to_value ?? '—'}`;
  }
}
