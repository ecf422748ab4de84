/**
 * An object's external ids; a CVE id (a feed report names the CVEs it is about) links to that
 * vulnerability on the Live CVE Feed, where the CVE record, NVD scores, KEV and EPSS are.
 */
import { Link } from '@chakra-ui/react';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router';
import { entityPaths } from '@/config/paths';

const CVE_ID = /^CVE-\d{4}-\d{4,}$/;

export function ExternalIds({ ids }: { ids: string[] }) {
  return ids.map((id, i) => (
    <Fragment key={id}>
      {i > 0 && ', '}
      {CVE_ID.test(id) ? (
        <Link asChild colorPalette="blue">
          <RouterLink to={entityPaths.cve(id)}>{id}</RouterLink>
        </Link>
      ) : (
        id
      )}
    </Fragment>
  ));
}
