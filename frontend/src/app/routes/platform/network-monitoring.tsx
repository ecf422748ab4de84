/**
 * Network Monitoring: the sensors that sent telemetry, their event volume over time with what matched
 * intelligence, the indicators seen most, and every sighting; a sensor log can be uploaded and is
 * imported on the server. The window, grouping and sensor live in
 * the URL; an indicator opens in IOC Intelligence (its drawer belongs to that page).
 */
import { Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PageHeading } from '@/components/ui/page-heading';
import { DataTable } from '@/components/data-table/data-table';
import { pagedTableState } from '@/components/data-table/query-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { entityPaths } from '@/config/paths';
import { useSensors } from '@/features/telemetry/api/get-sensors';
import { useSightings } from '@/features/telemetry/api/get-sightings';
import { useTelemetryVolume } from '@/features/telemetry/api/get-telemetry-volume';
import { useTopSightings } from '@/features/telemetry/api/get-top-sightings';
import { SensorCards } from '@/features/telemetry/components/sensor-cards';
import { sightingColumns } from '@/features/telemetry/components/sighting-columns';
import { TelemetryEmptyState } from '@/features/telemetry/components/telemetry-empty-state';
import { TelemetryUpload } from '@/features/telemetry/components/telemetry-upload';
import { TopIndicatorsChart } from '@/features/telemetry/components/top-indicators-chart';
import { VolumeChart } from '@/features/telemetry/components/volume-chart';
import { networkFiltersSchema, type NetworkFilters } from '@/features/telemetry/schemas/network-filters';
import { inertString } from '@/lib/security/inert-text';
import { useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

/** The IOC page opens the indicator in its drawer from `?open=`. */
const indicatorHref = entityPaths.indicator;
const columns = sightingColumns(indicatorHref);

export default function NetworkMonitoringPage({ definition }: PlatformPageProps) {
  const [filters, setFilters] = useUrlState(networkFiltersSchema);
  const sensors = useSensors();

  return (
    <Stack gap="5" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title}>
        Network events from Suricata and Zeek sensors, matched against the indicators.
      </PageHeading>
      <TelemetryUpload />
      {sensors.isPending ? (
        <Flex gap="2" align="center" role="status" color="fg.muted">
          <Spinner size="sm" /> Loading the sensors…
        </Flex>
      ) : sensors.isError ? (
        <Stack role="alert" gap="2" align="flex-start">
          <Text>The sensors could not be loaded: {sensors.error.message}</Text>
          <Button size="sm" variant="outline" onClick={() => void sensors.refetch()}>
            Retry
          </Button>
        </Stack>
      ) : sensors.data.length === 0 ? (
        <TelemetryEmptyState />
      ) : (
        <>
          <Stack as="section" aria-labelledby="sensors-heading" gap="3">
            <Flex gap="3" align="center" wrap="wrap">
              <Heading as="h2" size="md" id="sensors-heading" flex="1">
                Sensors
              </Heading>
              <Flex role="search" aria-label="Filter telemetry">
                <FilterSelect
                  label="Sensor"
                  value={filters.sensor ?? ''}
                  onChange={(value) => setFilters({ sensor: value || undefined })}
                >
                  <option value="">All sensors</option>
                  {/* A shared link may name a sensor that has since been removed: keep it selectable. */}
                  {filters.sensor && !sensors.data.some((sensor) => sensor.name === filters.sensor) && (
                    <option value={filters.sensor}>{inertString(filters.sensor, { defang: false })}</option>
                  )}
                  {sensors.data.map((sensor) => (
                    <option key={sensor.name} value={sensor.name}>
                      {inertString(sensor.name, { defang: false })}
                    </option>
                  ))}
                </FilterSelect>
              </Flex>
            </Flex>
            <SensorCards
              sensors={sensors.data}
              selected={filters.sensor}
              onSelect={(sensor) => setFilters({ sensor })}
            />
          </Stack>
          <TelemetryPanels filters={filters} onChange={setFilters} />
        </>
      )}
    </Stack>
  );
}

function TelemetryPanels({
  filters,
  onChange,
}: {
  filters: NetworkFilters;
  onChange: (patch: Partial<NetworkFilters>) => void;
}) {
  const navigate = useNavigate();
  const volume = useTelemetryVolume(filters.window, filters.sensor);
  const top = useTopSightings(filters.sensor);
  const sightings = useSightings(filters.sensor);
  const rows = useMemo(() => sightings.data?.pages.flat() ?? [], [sightings.data]);
  return (
    <>
      <Flex gap="4" direction={{ base: 'column', xl: 'row' }} align="stretch">
        <Stack flex="3" minWidth="0">
          <VolumeChart
            volume={volume.data}
            error={volume.error?.message}
            window={filters.window}
            by={filters.by}
            onChange={onChange}
          />
        </Stack>
        <Stack flex="2" minWidth="0">
          <TopIndicatorsChart rows={top.data ?? []} error={top.error?.message} hrefFor={indicatorHref} />
        </Stack>
      </Flex>
      <Stack as="section" aria-labelledby="sightings-heading" gap="2">
        <Heading as="h2" size="md" id="sightings-heading">
          Sightings
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          One row per indicator and sensor: how many events matched, when, and the latest of them. Open a row
          to see the indicator in IOC Intelligence.
        </Text>
        <DataTable
          label="Sightings"
          columns={columns}
          rows={rows}
          rowKey={(row) => row.stix_id}
          {...pagedTableState(sightings, 'The sightings')}
          emptyMessage={
            filters.sensor
              ? 'This sensor has seen no known indicator.'
              : 'No sensor has seen a known indicator yet.'
          }
          onActivate={(row) => row.indicators && void navigate(indicatorHref(row.indicators.id))}
          height="60vh"
        />
      </Stack>
    </>
  );
}
