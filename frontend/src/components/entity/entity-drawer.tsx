/**
 * One shape for every kind of entity (as OpenCTI's): a drawer with the entity's kind and name, then
 * tabs (overview, relationships, indicators, history); each page fills the tabs it has. The drawer is
 * opened from the URL, so a link can point at an entity.
 */
import { Badge, CloseButton, Drawer, Portal, Stack, Tabs, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { StixDownloadButton } from '@/components/intel/stix-download-button';

export interface EntityTab {
  id:
    | 'overview'
    | 'relationships'
    | 'indicators'
    | 'techniques'
    | 'mitigations'
    | 'used-by'
    | 'history'
    | 'sources'
    | 'notes'
    | 'sightings'
    | 'alerts'
    | 'groups'
    | 'graph'
    | 'enrichment'
    | 'feed-map';
  label: string;
  content: ReactNode;
}

interface EntityDrawerProps {
  open: boolean;
  onClose: () => void;
  kind: string;
  /** Rendered as given: pass InertText for intelligence. */
  title: ReactNode;
  subtitle?: ReactNode;
  tabs: readonly EntityTab[];
  actions?: ReactNode;
  /** When given, the header offers the entity as a STIX 2.1 bundle with its relationships. */
  stixId?: string;
}

export function EntityDrawer({
  open,
  onClose,
  kind,
  title,
  subtitle,
  tabs,
  actions,
  stixId,
}: EntityDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(details) => !details.open && onClose()} size="lg" placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Stack gap="1" minWidth="0">
                <Badge alignSelf="flex-start" variant="subtle">
                  {kind}
                </Badge>
                <Drawer.Title wordBreak="break-all">{title}</Drawer.Title>
                {subtitle && (
                  <Text fontSize="sm" color="fg.muted">
                    {subtitle}
                  </Text>
                )}
                {actions}
                {stixId && (
                  <StixDownloadButton
                    size="xs"
                    label="STIX 2.1 bundle"
                    fileName={stixId}
                    selection={() => ({ stixIds: [stixId], withRelationships: true })}
                  />
                )}
              </Stack>
            </Drawer.Header>
            <Drawer.Body>
              {/* Keyed by its tabs: they arrive with the data, and the first one must then be selected. */}
              <Tabs.Root
                key={tabs.map((tab) => tab.id).join()}
                defaultValue={tabs[0]?.id}
                lazyMount
                unmountOnExit
              >
                <Tabs.List>
                  {tabs.map((tab) => (
                    <Tabs.Trigger key={tab.id} value={tab.id}>
                      {tab.label}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                {tabs.map((tab) => (
                  <Tabs.Content key={tab.id} value={tab.id}>
                    {tab.content}
                  </Tabs.Content>
                ))}
              </Tabs.Root>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close details" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
