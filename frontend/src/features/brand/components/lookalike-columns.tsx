/** The columns of a watch's lookalike candidates; a candidate intelligence lists links to its alert. */
import { Badge, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/types';
import { IndicatorValue } from '@/components/intel/indicator-value';
import { InertText, inertString } from '@/lib/security/inert-text';
import type { LookalikeRow } from '@/features/brand/api/get-lookalikes';
import { alertHref } from './hit-columns';

/** Lookalike (ASCII) → the alert that found it in intelligence. */
export type HitsByDomain = ReadonlyMap<string, string>;

export function lookalikeColumns(hits: HitsByDomain): DataTableColumn<LookalikeRow>[] {
  return [
    {
      id: 'domain',
      header: 'Lookalike',
      width: 'minmax(14rem, 2fr)',
      required: true,
      cell: (row) => <IndicatorValue value={row.domain} singleLine />,
      csv: (row) => row.domain,
    },
    {
      id: 'unicode',
      header: 'Reads as',
      width: 'minmax(10rem, 1fr)',
      cell: (row) =>
        row.unicode === row.domain ? (
          <Text as="span" color="fg.muted">
            same
          </Text>
        ) : (
          <InertText value={row.unicode} singleLine />
        ),
      csv: (row) => row.unicode,
    },
    { id: 'family', header: 'Family', width: '9rem', cell: (row) => row.family, csv: (row) => row.family },
    {
      id: 'listed',
      header: 'In intelligence',
      width: '9rem',
      cell: (row) => {
        const alert = hits.get(row.domain);
        if (!alert)
          return (
            <Text as="span" color="fg.muted">
              not listed
            </Text>
          );
        return (
          <ChakraLink asChild>
            <Link
              to={alertHref(alert)}
              aria-label={`Open the alert for ${inertString(row.domain)}`}
              onClick={(event) => event.stopPropagation()}
            >
              <Badge size="sm" colorPalette="red">
                Listed
              </Badge>
            </Link>
          </ChakraLink>
        );
      },
      csv: (row) => (hits.has(row.domain) ? 'listed' : ''),
    },
  ];
}
