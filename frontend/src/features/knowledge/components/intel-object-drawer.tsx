/**
 * A knowledge object on the shared entity screen, with the tabs its kind has: an actor, malware, tool
 * or campaign shows its relationships, indicators, techniques and history; a technique its
 * mitigations and users; anything else its relationships and history. A page that compares objects on
 * the ATT&CK matrix passes `matrix` to offer adding or removing this one.
 */
import { Button } from '@chakra-ui/react';
import { LuGrid3X3 } from 'react-icons/lu';
import { EntityDrawer, type EntityTab } from '@/components/entity/entity-drawer';
import { InertText } from '@/lib/security/inert-text';
import { useIntelObject, type IntelObject } from '@/features/knowledge/api/get-intel-object';
import { CTI_KINDS, MAX_SELECTED } from '@/features/knowledge/schemas/cti-filters';
import { kindName } from '@/features/knowledge/utils/object-kinds';
import { MergedObjects } from './merged-objects';
import { ObjectHistoryTab } from './object-history-tab';
import { ObjectIndicatorsTab } from './object-indicators-tab';
import { ObjectOverviewTab } from './object-overview-tab';
import { ObjectRelationsTab } from './object-relations-tab';
import { ObjectTechniquesTab } from './object-techniques-tab';
import { TechniqueFamily, TechniqueMitigationsTab, TechniqueUsersTab } from './technique-tabs';

interface IntelObjectDrawerProps {
  stixId: string | undefined;
  onClose: () => void;
  /** The IOC page filtered to one object's indicators. */
  indicatorsHref: (stixId: string) => string;
  /** Opens a related object in this drawer; without it related objects are plain names. */
  onOpenObject?: (stixId: string) => void;
  matrix?: { selected: readonly string[]; onToggle: (stixId: string) => void };
  /** Tabs another feature adds to every object (the page composes them: the Graph tab). */
  extraTabs?: (stixId: string) => EntityTab[];
}

const isCtiKind = (type: string) => (CTI_KINDS as readonly string[]).includes(type);

function objectTabs(object: IntelObject, props: IntelObjectDrawerProps): EntityTab[] {
  const { stix_id: stixId } = object;
  const { onOpenObject, indicatorsHref, matrix } = props;
  if (object.type === 'attack-pattern') {
    const family = <TechniqueFamily stixId={stixId} onOpenObject={onOpenObject} />;
    return [
      { id: 'overview', label: 'Overview', content: <ObjectOverviewTab object={object} extra={family} /> },
      {
        id: 'mitigations',
        label: 'Mitigations',
        content: <TechniqueMitigationsTab stixId={stixId} onOpenObject={onOpenObject} />,
      },
      {
        id: 'used-by',
        label: 'Used by',
        content: (
          <TechniqueUsersTab stixId={stixId} onOpenObject={onOpenObject} selected={matrix?.selected} />
        ),
      },
    ];
  }
  const relationships: EntityTab = {
    id: 'relationships',
    label: 'Relationships',
    content: (
      <ObjectRelationsTab
        stixId={stixId}
        indicatorsHref={indicatorsHref(stixId)}
        onOpenObject={onOpenObject}
      />
    ),
  };
  const history: EntityTab = {
    id: 'history',
    label: 'History',
    content: <ObjectHistoryTab stixId={stixId} />,
  };
  const overview: EntityTab = {
    id: 'overview',
    label: 'Overview',
    content: (
      <ObjectOverviewTab
        object={object}
        extra={
          isCtiKind(object.type) ? <MergedObjects stixId={stixId} onOpenObject={onOpenObject} /> : undefined
        }
      />
    ),
  };
  if (!isCtiKind(object.type)) return [overview, relationships, history];
  return [
    overview,
    relationships,
    {
      id: 'indicators',
      label: 'Indicators',
      content: <ObjectIndicatorsTab stixId={stixId} indicatorsHref={indicatorsHref} />,
    },
    {
      id: 'techniques',
      label: 'Techniques',
      content: <ObjectTechniquesTab stixId={stixId} onOpenObject={onOpenObject} />,
    },
    history,
  ];
}

function MatrixAction({
  object,
  matrix,
}: {
  object: IntelObject;
  matrix: NonNullable<IntelObjectDrawerProps['matrix']>;
}) {
  const on = matrix.selected.includes(object.stix_id);
  const full = !on && matrix.selected.length >= MAX_SELECTED;
  return (
    <Button
      size="xs"
      variant="outline"
      alignSelf="flex-start"
      disabled={full}
      title={full ? `At most ${MAX_SELECTED} objects are compared at once.` : undefined}
      onClick={() => matrix.onToggle(object.stix_id)}
    >
      <LuGrid3X3 aria-hidden="true" />
      {on ? 'Remove from the matrix' : 'Show on the matrix'}
    </Button>
  );
}

export function IntelObjectDrawer(props: IntelObjectDrawerProps) {
  const { stixId, onClose, matrix } = props;
  const object = useIntelObject(stixId);
  const data = object.data;
  return (
    <EntityDrawer
      open={stixId !== undefined}
      onClose={onClose}
      kind={data ? kindName(data.type) : 'Object'}
      title={
        data ? (
          <InertText value={data.name ?? data.stix_id} defangLinks={false} />
        ) : object.isSuccess ? (
          'Not found'
        ) : (
          'Loading…'
        )
      }
      subtitle={
        object.isSuccess && !data ? 'It does not exist, or your clearance does not cover its TLP.' : undefined
      }
      actions={
        data && matrix && isCtiKind(data.type) ? <MatrixAction object={data} matrix={matrix} /> : undefined
      }
      tabs={data && stixId ? [...objectTabs(data, props), ...(props.extraTabs?.(stixId) ?? [])] : []}
    />
  );
}
