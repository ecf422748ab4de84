/** One source: its facts (and, for an administrator, its settings and imports) and its run history. */
import { EntityDrawer } from '@/components/entity/entity-drawer';
import { InertText } from '@/lib/security/inert-text';
import type { SourceOverview } from '@/features/sources/api/get-source-overview';
import { FeedMapBuilder } from './feed-map-builder';
import { RunHistory } from './run-history';
import { SourceOverviewTab, type AdminAccess } from './source-overview-tab';

interface SourceDrawerProps {
  /** The id in the URL; undefined: closed. */
  sourceId: string | undefined;
  sources: readonly SourceOverview[] | undefined;
  onClose: () => void;
  now: number;
  admin: AdminAccess;
  verifyHref: string;
  live: boolean;
}

export function SourceDrawer({ sourceId, sources, onClose, ...rest }: SourceDrawerProps) {
  const source = sources?.find((candidate) => candidate.id === sourceId);
  const missing = sources !== undefined && sourceId !== undefined && !source;
  return (
    <EntityDrawer
      open={sourceId !== undefined}
      onClose={onClose}
      kind="Source"
      title={source ? <InertText value={source.name} defangLinks={false} /> : missing ? 'Unknown source' : ''}
      subtitle={missing ? 'This source no longer exists.' : undefined}
      tabs={
        source
          ? [
              { id: 'overview', label: 'Overview', content: <SourceOverviewTab source={source} {...rest} /> },
              { id: 'history', label: 'Runs', content: <RunHistory sourceId={source.id} live={rest.live} /> },
              // Administrators with a verified second factor build and test the source's feed map.
              ...(rest.admin === 'verified'
                ? [
                    {
                      id: 'feed-map' as const,
                      label: 'Feed map',
                      content: <FeedMapBuilder source={source} />,
                    },
                  ]
                : []),
            ]
          : []
      }
    />
  );
}
