import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { healthChecked } from '@/features/health/state/health-slice';
import type { ServiceName, ServiceStatus } from '@/features/health/utils/service-status';
import { HealthBanner } from './health-banner';

function renderWith(results: Partial<Record<ServiceName, ServiceStatus>>) {
  const store = makeStore();
  store.dispatch(healthChecked({ results, checkedAt: new Date().toISOString() }));
  render(
    <AppProvider store={store}>
      <HealthBanner />
    </AppProvider>,
  );
}

describe('HealthBanner', () => {
  it('shows nothing while every service is healthy', () => {
    renderWith({ database: 'healthy', realtime: 'healthy', auth: 'healthy', storage: 'healthy' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces degradation politely, naming the affected service', () => {
    renderWith({ realtime: 'degraded' });
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Service Degradation');
    expect(banner).toHaveTextContent(
      'Some services are experiencing reduced performance. Functionality may be limited.',
    );
    expect(banner).toHaveTextContent('Real-time updates unavailable');
    expect(banner).not.toHaveTextContent('Database connection lost');
  });

  it('raises an alert when a service is down, listing every affected service', () => {
    renderWith({ database: 'down', auth: 'down', storage: 'degraded' });
    const banner = screen.getByRole('alert');
    expect(banner).toHaveTextContent('System Issues Detected');
    expect(banner).toHaveTextContent('Our team has been notified and is working to resolve these issues.');
    expect(banner).toHaveTextContent('Database connection lost');
    expect(banner).toHaveTextContent('Authentication system down');
    expect(banner).toHaveTextContent('File storage unavailable');
    expect(banner).not.toHaveTextContent('Real-time updates unavailable');
  });
});
