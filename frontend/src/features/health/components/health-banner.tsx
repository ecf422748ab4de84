/** The banner of SPEC §2 when a service is down or degraded, listing the affected services (SPEC §8). */
import { Alert, List } from '@chakra-ui/react';
import { useAppSelector } from '@/app/store/hooks';
import { selectHealthBanner } from '@/features/health/state/health-slice';
import { healthMessages } from '@/features/health/utils/service-status';

const bannerTexts = {
  down: {
    title: 'System Issues Detected',
    description: 'Our team has been notified and is working to resolve these issues.',
  },
  degraded: {
    title: 'Service Degradation',
    description: 'Some services are experiencing reduced performance. Functionality may be limited.',
  },
} as const;

export function HealthBanner() {
  const banner = useAppSelector(selectHealthBanner);
  if (!banner) return null;
  const text = bannerTexts[banner.kind];
  return (
    <Alert.Root
      status={banner.kind === 'down' ? 'error' : 'warning'}
      role={banner.kind === 'down' ? 'alert' : 'status'}
      borderRadius="0"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{text.title}</Alert.Title>
        <Alert.Description>
          {text.description}
          <List.Root ms="4" mt="1">
            {banner.services.map((service) => (
              <List.Item key={service}>{healthMessages[service]}</List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
