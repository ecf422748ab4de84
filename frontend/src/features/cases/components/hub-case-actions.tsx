/**
 * The Hub's case actions on the selected alerts: open a case with them, add them to an open case, and
 * for lookalike-domain alerts (brand protection) open a takedown case named after the domain.
 */
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { CaseKind } from '@/features/cases/schemas/case-filters';
import { AddToCaseDialog } from './add-to-case-dialog';
import { NewCaseDialog } from './new-case-dialog';

export interface HubAlert {
  id: string;
  title: string;
  /** A lookalike-domain alert names the lookalike here (private.match_lookalikes). */
  metadata: unknown;
}

interface HubCaseActionsProps {
  alerts: readonly HubAlert[];
  onDone: (caseId: string) => void;
}

/** The lookalike domain a brand-protection alert is about, if it is one. */
export function lookalikeOf(alert: HubAlert): string | null {
  const value = (alert.metadata as { lookalike?: unknown } | null)?.lookalike;
  return typeof value === 'string' && value.length > 0 ? value : null;
}

export function HubCaseActions({ alerts, onDone }: HubCaseActionsProps) {
  const [opening, setOpening] = useState<{ kind: CaseKind; title: string } | null>(null);
  const [adding, setAdding] = useState(false);
  const ids = alerts.map((alert) => alert.id);
  const lookalike =
    alerts.length > 0 && alerts.every((alert) => lookalikeOf(alert) !== null)
      ? lookalikeOf(alerts[0]!)
      : null;
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={ids.length === 0}
        onClick={() => setOpening({ kind: 'incident', title: '' })}
      >
        Open a case
      </Button>
      <Button size="sm" variant="outline" disabled={ids.length === 0} onClick={() => setAdding(true)}>
        Add to case
      </Button>
      {lookalike && (
        <Button
          size="sm"
          variant="outline"
          onClick={() => setOpening({ kind: 'takedown', title: `Takedown of ${lookalike}`.slice(0, 300) })}
        >
          Open a takedown case
        </Button>
      )}
      {opening && (
        <NewCaseDialog
          alertIds={ids}
          initialKind={opening.kind}
          initialTitle={opening.title}
          onClose={() => setOpening(null)}
          onCreated={(caseId) => {
            setOpening(null);
            toast({
              title: 'Case opened',
              description: `${ids.length} ${ids.length === 1 ? 'alert' : 'alerts'} in it.`,
            });
            onDone(caseId);
          }}
        />
      )}
      {adding && (
        <AddToCaseDialog
          alertIds={ids}
          onClose={() => setAdding(false)}
          onAdded={(caseId, added) => {
            setAdding(false);
            toast({
              title: 'Added to the case',
              description: `${added} new ${added === 1 ? 'alert' : 'alerts'} in it.`,
            });
            onDone(caseId);
          }}
        />
      )}
    </>
  );
}
