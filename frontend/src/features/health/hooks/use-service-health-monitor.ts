/** Checks every service on mount and then every 60 s (SPEC §7), recording the results in the store. */
import { useEffect } from 'react';
import { useAppDispatch } from '@/app/store/hooks';
import { HEALTH } from '@/config/constants';
import { supabase } from '@/lib/supabase';
import { checkAllServices } from '@/features/health/api/check-service-health';
import { healthChecked } from '@/features/health/state/health-slice';

export function useServiceHealthMonitor(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    let active = true;
    const run = async () => {
      const results = await checkAllServices(supabase());
      if (active) dispatch(healthChecked({ results, checkedAt: new Date().toISOString() }));
    };
    void run();
    const interval = setInterval(() => void run(), HEALTH.checkIntervalMs);
    return () => {
      active = false;
      clearInterval(interval);
    };
  }, [dispatch]);
}
