/**
 * Threat Hunting: paste up to 100,000 values (defanged, commented, mixed types), see what was read,
 * check them against the knowledge base in slices with progress and cancel, then act on the matches
 * (alerts, CSV) and keep the hunt to run again. The result tab lives in the URL; the paste does not.
 */
import { Button, Flex, Grid, Stack, Text } from '@chakra-ui/react';
import { LuPlay } from 'react-icons/lu';
import { z } from 'zod';
import { PageHeading } from '@/components/ui/page-heading';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { HuntCancelledError } from '@/features/hunting/api/hunt-indicators';
import { HuntInput } from '@/features/hunting/components/hunt-input';
import { HuntProgress } from '@/features/hunting/components/hunt-progress';
import { HuntResults } from '@/features/hunting/components/hunt-results';
import { ParseSummary } from '@/features/hunting/components/parse-summary';
import { SavedHunts } from '@/features/hunting/components/saved-hunts';
import { useHuntSession } from '@/features/hunting/hooks/use-hunt-session';
import { formatInteger } from '@/lib/format/format';
import { useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

const huntViewSchema = z.object({ tab: z.enum(['matched', 'not-matched']).default('matched') });

export default function ThreatHuntingPage({ definition }: PlatformPageProps) {
  const { user } = useAuth();
  const [view, setView] = useUrlState(huntViewSchema);
  const hunt = useHuntSession(user?.id ?? null);
  const { mutation, progress, cancel } = hunt.runner;
  const running = mutation.isPending;
  const failure = mutation.error && !(mutation.error instanceof HuntCancelledError) ? mutation.error : null;
  const canRun = Boolean(hunt.parsed && hunt.parsed.values.length > 0 && !hunt.parsed.overLimit) && !running;

  // One polite live region says where the hunt is, so a screen reader hears progress and counts.
  const status = running
    ? `Checked ${formatInteger(progress?.checked ?? 0)} of ${formatInteger(progress?.total ?? 0)} values…`
    : mutation.error instanceof HuntCancelledError
      ? `Hunt cancelled after ${formatInteger(progress?.checked ?? 0)} of ${formatInteger(progress?.total ?? 0)} values.`
      : hunt.outcome && mutation.isSuccess
        ? `${formatInteger(hunt.outcome.result.matched.length)} matched, ${formatInteger(hunt.outcome.result.notMatched.length)} not matched of ${formatInteger(hunt.outcome.result.total)} values.`
        : '';

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title} />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 22rem' }}
        gap="6"
        alignItems="start"
      >
        <Stack gap="4" minWidth="0">
          <HuntInput text={hunt.text} onTextChange={hunt.setText} disabled={running} />
          <ParseSummary parsed={hunt.parsed} reading={hunt.reading} />
          <Flex gap="2" align="center" wrap="wrap">
            <Button disabled={!canRun} onClick={() => void hunt.start()}>
              <LuPlay aria-hidden="true" />
              Run hunt
            </Button>
            <Button variant="ghost" disabled={running || hunt.text === ''} onClick={() => hunt.setText('')}>
              Clear
            </Button>
            {hunt.currentHunt && (
              <Text fontSize="sm" color="fg.muted">
                Saved hunt loaded; edits are not saved to it.
              </Text>
            )}
          </Flex>
          {running && progress && <HuntProgress progress={progress} onCancel={cancel} />}
          <Text role="status" aria-live="polite" fontSize="sm">
            {status}
          </Text>
          {failure && (
            <Text role="alert" color="fg.error">
              The hunt stopped: {failure.message}
            </Text>
          )}
          {hunt.outcome && !running && (
            <HuntResults
              key={hunt.outcome.at}
              result={hunt.outcome.result}
              tab={view.tab}
              onTabChange={(tab) => setView({ tab })}
              huntName={hunt.currentHunt?.name}
            />
          )}
        </Stack>
        <SavedHunts
          userId={user?.id ?? null}
          draft={hunt.draft}
          busy={running}
          onRun={(saved) => void hunt.runSaved(saved)}
        />
      </Grid>
    </Stack>
  );
}
