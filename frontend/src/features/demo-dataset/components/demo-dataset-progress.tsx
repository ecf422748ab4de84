/**
 * The demo dataset loading in the background after the first start: a bar of its steps and what is
 * loading now, so a newcomer knows why a page is still thin. Nothing once it is loaded (or when
 * there never was a demo load); a failure says why and that the next start resumes it. The texts
 * are the importer's (file names, reasons): plain React text, never HTML, and not defanged.
 */
import { Alert } from '@chakra-ui/react';
import { CountProgress } from '@/components/ui/count-progress';
import { useDemoDatasetLoad } from '@/features/demo-dataset/api/get-demo-dataset-load';

export function DemoDatasetProgress() {
  const { data: load } = useDemoDatasetLoad();
  if (load?.status === 'failed')
    return (
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>The demo dataset stopped loading</Alert.Title>
          <Alert.Description>
            {load.steps_done} of {load.steps_total} steps were loaded. {load.error} It resumes at the next
            start of the platform.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  if (load?.status !== 'loading') return null;
  return (
    <Alert.Root status="info" role="status" aria-live="polite">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>The demo dataset is loading in the background</Alert.Title>
        <Alert.Description>
          Pages fill in as it arrives; you can use the platform meanwhile.
          {load.current_step && <> Now: {load.current_step}.</>}
        </Alert.Description>
        <CountProgress step="Steps loaded:" done={load.steps_done} total={load.steps_total} />
      </Alert.Content>
    </Alert.Root>
  );
}
