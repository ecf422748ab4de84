/** Compact badges for the lists holding a value ("Excluded", "Warninglist"); the names in the title and for screen readers. */
import { Badge, Text } from '@chakra-ui/react';
import { inertString } from '@/lib/security/inert-text';
import { listHitBadges, type ListHits } from '@/features/indicators/utils/list-hits';

export function ListHitBadges({ hits }: { hits: ListHits | undefined }) {
  return listHitBadges(hits).map((badge) => {
    const detail = inertString(badge.detail, { defang: false });
    return (
      <Badge
        key={badge.label}
        size="sm"
        variant="outline"
        colorPalette={badge.label === 'Excluded' ? 'purple' : 'gray'}
        title={detail}
      >
        {badge.label}
        <Text as="span" srOnly>
          : {detail}
        </Text>
      </Badge>
    );
  });
}
