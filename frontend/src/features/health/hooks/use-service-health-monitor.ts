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
    let reported = '';
    const run = async () => {
      const results = await checkAllServices(supabase());
      if (active) dispatch(healthChecked({ results, checkedAt: new Date().toISOString() }));
      // The Admin dashboard's health history: one request when the result changes, not every minute
      // (the server also stores an unchanged result once an hour).
      const summary = JSON.stringify(results);
      if (active && summary !== reported) {
        reported = summary;
        const { database, realtime, auth, storage } = results;
        void supabase()
          .rpc('report_service_health', {
            _database: database,
            _realtime: realtime,
            _auth: auth,
            _storage: storage,
          })
          .then(
            () => undefined,
            () => undefined,
          );
      }
    };
    void run();
    const interval = setInterval(() => void run(), HEALTH.checkIntervalMs);
    return () => {
      active = false;
      clearInterval(interval);
    };
  }, [dispatch]);
}
