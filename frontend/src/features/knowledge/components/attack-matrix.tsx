/**
 * The ATT&CK Enterprise matrix as a heat map: coloured by how many of the selected actors, malware,
 * tools and campaigns use each technique, or by how often our sensors saw indicators of software that
 * uses it. Filters (platform, only what is used) and the colouring live in the URL; which parents are
 * expanded is this view's own state. Render times are recorded with the Performance API
 * (`cti-matrix:first-render`, `cti-matrix:update`) so they can be read in the browser.
 */
import { Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FilterSelect } from '@/components/ui/filter-select';
import { useMatrixStructure, useMatrixUsage } from '@/features/knowledge/api/get-attack-matrix';
import { buildMatrix, matrixPlatforms, usageByTechnique } from '@/features/knowledge/utils/matrix-model';
import {
  buildMatrixView,
  countUsedTechniques,
  type ColourMode,
} from '@/features/knowledge/utils/matrix-view';
import { MatrixGrid } from './matrix-grid';
import { MatrixLegend, type SelectedObject } from './matrix-legend';
import { MatrixSummary } from './matrix-summary';

export interface MatrixSettings {
  colour: ColourMode;
  platform?: string;
  used: 'all' | 'only';
}

interface AttackMatrixProps {
  selected: readonly SelectedObject[];
  settings: MatrixSettings;
  onSettingsChange: (patch: Partial<MatrixSettings>) => void;
  onOpen: (stixId: string) => void;
  onRemove: (stixId: string) => void;
  onClear: () => void;
}

export function AttackMatrix(props: AttackMatrixProps) {
  const { selected, settings, onSettingsChange } = props;
  const ids = useMemo(() => selected.map((object) => object.stixId), [selected]);
  const structure = useMatrixStructure();
  const usage = useMatrixUsage(ids, settings.colour === 'sightings');
  const tactics = useMemo(() => buildMatrix(structure.data ?? []), [structure.data]);
  const used = useMemo(() => usageByTechnique(usage.data ?? []), [usage.data]);
  const platforms = useMemo(() => matrixPlatforms(tactics), [tactics]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  // Timed from the moment new data (or a new colouring, filter or expansion) is turned into cells
  // until React has committed them, and until the next frame has been painted.
  const view = useMemo(() => {
    // eslint-disable-next-line react-hooks/purity -- a timing mark; the cells do not depend on it
    const start = performance.now();
    const options = {
      mode: settings.colour,
      selected: selected.map((object) => ({ stixId: object.stixId, name: object.name })),
      platform: settings.platform,
      onlyUsed: settings.used === 'only',
      expanded,
    };
    const columns = buildMatrixView(tactics, used, options);
    return { columns, counts: countUsedTechniques(tactics, used, options), start };
  }, [tactics, used, settings.colour, settings.platform, settings.used, selected, expanded]);
  const rendered = useRef(false);
  useLayoutEffect(() => {
    if (view.columns.length === 0) return;
    const name = rendered.current ? 'cti-matrix:update' : 'cti-matrix:first-render';
    rendered.current = true;
    performance.measure(name, { start: view.start, end: performance.now() });
    const frame = requestAnimationFrame(() =>
      setTimeout(() => performance.measure(`${name}:painted`, { start: view.start, end: performance.now() })),
    );
    return () => cancelAnimationFrame(frame);
  }, [view]);

  const toggle = useCallback(
    (key: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );
  const expandAll = () =>
    setExpanded(
      new Set(
        tactics.flatMap((tactic) =>
          tactic.techniques.filter((t) => t.subs.length).map((t) => `${tactic.shortname}:${t.stixId}`),
        ),
      ),
    );

  return (
    <Stack gap="3" as="section" aria-labelledby="matrix-heading">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h2" size="md" id="matrix-heading" flex="1" minWidth="12rem">
          ATT&CK Enterprise matrix
        </Heading>
        <Flex gap="2" wrap="wrap" align="center" role="group" aria-label="Matrix settings">
          <FilterSelect
            label="Colour by"
            value={settings.colour}
            onChange={(value) => onSettingsChange({ colour: value as ColourMode })}
          >
            <option value="usage">Colour by use of the selected objects</option>
            <option value="sightings">Colour by our sightings</option>
          </FilterSelect>
          <FilterSelect
            label="Platform"
            value={settings.platform ?? ''}
            onChange={(value) => onSettingsChange({ platform: value || undefined })}
          >
            <option value="">All platforms</option>
            {platforms.map((platform) => (
              <option key={platform} value={platform}>
                {platform}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Techniques shown"
            value={settings.used}
            onChange={(value) => onSettingsChange({ used: value as MatrixSettings['used'] })}
          >
            <option value="all">All techniques</option>
            <option value="only">Only those used or sighted</option>
          </FilterSelect>
          <Button size="sm" variant="outline" onClick={expandAll}>
            Expand all
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setExpanded(new Set())}
            disabled={!expanded.size}
          >
            Collapse all
          </Button>
        </Flex>
      </Flex>
      <MatrixLegend
        selected={selected}
        mode={settings.colour}
        onRemove={props.onRemove}
        onClear={props.onClear}
      />
      {structure.isPending ? (
        <Flex gap="2" align="center" role="status" color="fg.muted">
          <Spinner size="sm" /> Loading the matrix…
        </Flex>
      ) : structure.isError || usage.isError ? (
        <Stack role="alert" gap="2" align="flex-start">
          <Text>The matrix could not be loaded: {(structure.error ?? usage.error)?.message}</Text>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void (structure.isError ? structure.refetch() : usage.refetch())}
          >
            Retry
          </Button>
        </Stack>
      ) : tactics.length === 0 ? (
        <Text color="fg.muted">
          No ATT&CK Enterprise matrix has been imported: import the MITRE ATT&CK bundle (npm run intel --
          import enterprise-attack.json).
        </Text>
      ) : (
        <>
          <MatrixSummary
            counts={view.counts}
            selected={selected}
            mode={settings.colour}
            updating={usage.isPlaceholderData || usage.isPending}
          />
          <Stack overflowX="auto" maxHeight="80vh" overflowY="auto" borderWidth="1px" borderRadius="md">
            <MatrixGrid
              label="ATT&CK Enterprise matrix"
              tactics={view.columns}
              usedLabel={settings.colour === 'sightings' ? 'sighted' : selected.length ? 'used' : ''}
              onOpen={props.onOpen}
              onToggle={toggle}
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}
