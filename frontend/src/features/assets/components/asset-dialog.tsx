/**
 * Add an asset, or edit one: its host name, address, owner and criticality, a product to add, and
 * (editing) the products it lists, each removable. The fields are checked as a CSV row is; the
 * database checks again and its refusal is shown in words.
 */
import { Button, Dialog, Field, Grid, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { inertString } from '@/lib/security/inert-text';
import type { AssetRecord } from '@/features/assets/api/get-assets';
import { useCreateAsset } from '@/features/assets/api/create-asset';
import { useUpdateAsset } from '@/features/assets/api/update-asset';
import {
  checkAssetFields,
  CRITICALITIES,
  type AssetColumn,
  type AssetInput,
} from '@/features/assets/utils/asset-fields';
import { assetName } from '@/features/assets/utils/asset-text';
import { AssetProductList } from './asset-product-list';

type Draft = Record<AssetColumn, string>;

const EMPTY: Draft = {
  hostname: '',
  ip: '',
  owner: '',
  criticality: 'medium',
  vendor: '',
  product: '',
  version: '',
  cpe: '',
};

const draftOf = (asset: AssetRecord | undefined): Draft =>
  asset
    ? {
        ...EMPTY,
        hostname: asset.hostname ?? '',
        ip: asset.ip ?? '',
        owner: asset.owner ?? '',
        criticality: asset.criticality,
      }
    : EMPTY;

const TEXT_FIELDS: readonly { name: AssetColumn; label: string; placeholder?: string }[] = [
  { name: 'hostname', label: 'Host name', placeholder: 'vpn.example.com' },
  { name: 'ip', label: 'IP address', placeholder: '203.0.113.10' },
  { name: 'owner', label: 'Owner', placeholder: 'Network team' },
];

const PRODUCT_FIELDS: readonly { name: AssetColumn; label: string; placeholder?: string }[] = [
  { name: 'vendor', label: 'Vendor', placeholder: 'Ivanti' },
  { name: 'product', label: 'Product', placeholder: 'Connect Secure' },
  { name: 'version', label: 'Version', placeholder: '22.7' },
  { name: 'cpe', label: 'CPE 2.3 (optional)', placeholder: 'cpe:2.3:a:vendor:product:1.0:*:*:*:*:*:*:*' },
];

interface AssetDialogProps {
  /** null: closed; 'new': adding; an asset: editing it. */
  target: AssetRecord | 'new' | null;
  onClose: () => void;
}

export function AssetDialog({ target, onClose }: AssetDialogProps) {
  return (
    <Dialog.Root open={target !== null} onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Keyed by the asset, so each opening starts from that asset's fields. */}
          {target !== null && (
            <AssetForm
              key={target === 'new' ? 'new' : target.id}
              asset={target === 'new' ? undefined : target}
              onClose={onClose}
            />
          )}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function AssetForm({ asset, onClose }: { asset: AssetRecord | undefined; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(asset));
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateAsset();
  const update = useUpdateAsset();
  const mutation = asset ? update : create;
  const set = (name: AssetColumn, value: string) => setDraft((current) => ({ ...current, [name]: value }));

  const save = async (input: AssetInput) => {
    try {
      if (asset) await update.mutateAsync({ id: asset.id, input });
      else await create.mutateAsync(input);
      const name = inertString(input.hostname ?? input.ip ?? '', { defang: false });
      toast({ title: asset ? 'Asset saved' : 'Asset added', description: name });
      onClose();
    } catch {
      // Shown in the form from mutation.error.
    }
  };

  const field = ({ name, label, placeholder }: (typeof TEXT_FIELDS)[number]) => (
    <Field.Root
      key={name}
      invalid={
        problem?.startsWith(name) ||
        ((name === 'hostname' || name === 'ip') && problem?.startsWith('neither'))
      }
    >
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        value={draft[name]}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => set(name, event.target.value)}
      />
    </Field.Root>
  );

  return (
    <Dialog.Content
      as="form"
      onSubmit={(event) => {
        event.preventDefault();
        const check = checkAssetFields(draft);
        setProblem(check.ok ? null : check.reason);
        if (check.ok) void save(check.asset);
      }}
    >
      <Dialog.Header>
        <Dialog.Title>
          {asset ? `Edit ${inertString(assetName(asset), { defang: false })}` : 'Add an asset'}
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
            {TEXT_FIELDS.map(field)}
            <Field.Root>
              <Field.Label>Criticality</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={draft.criticality}
                  onChange={(event) => set('criticality', event.target.value)}
                >
                  {CRITICALITIES.map((level) => (
                    <option key={level} value={level}>
                      {level}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Grid>
          <Text fontSize="sm" color="fg.muted">
            A host name or an IP address is needed.{' '}
            {asset ? 'Add a product:' : 'Its first product (optional):'} vendor and product, or a CPE that
            names them.
          </Text>
          <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3">
            {PRODUCT_FIELDS.map(field)}
          </Grid>
          {asset && <AssetProductList products={asset.asset_products} />}
          {problem && (
            <Text role="alert" color="fg.error">
              Check the fields: {problem}.
            </Text>
          )}
          {mutation.error && (
            <Text role="alert" color="fg.error">
              {asset ? 'Not saved' : 'Not added'}: {mutation.error.message}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {asset ? 'Save asset' : 'Add asset'}
        </Button>
      </Dialog.Footer>
    </Dialog.Content>
  );
}
