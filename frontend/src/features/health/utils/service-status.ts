/** Service health vocabulary (SPEC §3, §8). */
export type ServiceName = 'database' | 'realtime' | 'auth' | 'storage';
export type ServiceStatus = 'healthy' | 'degraded' | 'down';

export const serviceNames: readonly ServiceName[] = ['database', 'realtime', 'auth', 'storage'];

/** The user-facing message for a service that is not healthy (SPEC §8). */
export const healthMessages: Record<ServiceName, string> = {
  database: 'Database connection lost',
  realtime: 'Real-time updates unavailable',
  auth: 'Authentication system down',
  storage: 'File storage unavailable',
};
