/** An address's AS and country (offline database): the AS name is data from outside, shown inert. */
import { Link, Stack, Text } from '@chakra-ui/react';
import { asLabel, countryLabel, ORIGIN_ATTRIBUTION, type NetworkOrigin } from '@/lib/intel/network-origin';
import { InertText } from '@/lib/security/inert-text';

export function AsText({ origin }: { origin: Pick<NetworkOrigin, 'asn' | 'asName'> }) {
  const label = asLabel(origin);
  return label ? (
    <InertText value={label} defangLinks={false} singleLine />
  ) : (
    <Text as="span" color="fg.muted">
      —
    </Text>
  );
}

export function CountryText({ code }: { code: string | null }) {
  return code ? (
    <Text as="span" title={countryLabel(code)}>
      {code}
    </Text>
  ) : (
    <Text as="span" color="fg.muted">
      —
    </Text>
  );
}

/** The drawer's block: AS, country in full, and the data's attribution (its licence asks for it). */
export function NetworkOriginFacts({ origin }: { origin: NetworkOrigin }) {
  return (
    <Stack gap="0.5">
      <AsText origin={origin} />
      {origin.country && <Text as="span">{countryLabel(origin.country)}</Text>}
      <Text fontSize="xs" color="fg.muted">
        {ORIGIN_ATTRIBUTION.text} —{' '}
        <Link href={ORIGIN_ATTRIBUTION.href} target="_blank" rel="noreferrer noopener">
          db-ip.com
        </Link>
      </Text>
    </Stack>
  );
}
