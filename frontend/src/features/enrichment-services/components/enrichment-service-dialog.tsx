/**
 * Edits one enrichment service: on or off, where its requests go (a mirror, a replay in tests),
 * how long answers are reused, and its API key. The key field is write-only: it shows whether a key
 * is set, never the key; typing replaces it, leaving it empty keeps it.
 */
import { Checkbox, Field, Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import type { EnrichmentServiceSettings } from '@/features/enrichment-services/api/list-enrichment-services';
import { useUpdateEnrichmentService } from '@/features/enrichment-services/api/update-enrichment-service';

export function EnrichmentServiceDialog({
  service,
  onClose,
}: {
  service: EnrichmentServiceSettings;
  onClose: () => void;
}) {
  const update = useUpdateEnrichmentService();
  const [enabled, setEnabled] = useState(service.enabled);
  const [baseUrl, setBaseUrl] = useState(service.base_url);
  const [ttl, setTtl] = useState(String(service.ttl_hours));
  const [apiKey, setApiKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const ttlHours = Number(ttl);
  const canSubmit = /^https?:\/\/\S+$/i.test(baseUrl.trim()) && Number.isInteger(ttlHours) && ttlHours >= 1;
  return (
    <FormDialog
      title={`${service.name}: settings`}
      submitLabel="Save"
      canSubmit={canSubmit}
      busy={update.isPending}
      error={update.error}
      onClose={onClose}
      onSubmit={() =>
        update.mutate(
          { id: service.id, enabled, baseUrl, ttlHours, apiKey, clearKey },
          { onSuccess: onClose },
        )
      }
    >
      <Checkbox.Root checked={enabled} onCheckedChange={(d) => setEnabled(d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Enabled: analysts may send values to {service.name}</Checkbox.Label>
      </Checkbox.Root>
      <Field.Root required>
        <Field.Label>Base URL</Field.Label>
        <Input value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} fontFamily="mono" fontSize="sm" />
        <Field.HelperText>The service's own address, or a mirror you run.</Field.HelperText>
      </Field.Root>
      <Field.Root required>
        <Field.Label>Answers reused for (hours)</Field.Label>
        <Input value={ttl} onChange={(e) => setTtl(e.target.value)} inputMode="numeric" maxW="10rem" />
      </Field.Root>
      <Field.Root>
        <Field.Label>API key {service.needs_key ? '(required)' : '(optional)'}</Field.Label>
        <Input
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(e) => setApiKey(e.target.value)}
          placeholder={service.has_key ? 'Set — type a new key to replace it' : 'Not set'}
        />
        <Field.HelperText>
          {service.id === 'circl_pdns' ? 'CIRCL passive DNS takes user:password. ' : ''}
          The key is stored on the server and never shown again.
        </Field.HelperText>
      </Field.Root>
      {service.has_key && (
        <Checkbox.Root checked={clearKey} onCheckedChange={(d) => setClearKey(d.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Remove the stored key</Checkbox.Label>
        </Checkbox.Root>
      )}
      {service.needs_key && !service.has_key && !apiKey && enabled && (
        <Text fontSize="sm" color="fg.warning">
          {service.name} needs a key before it can be enabled.
        </Text>
      )}
    </FormDialog>
  );
}
