/** `/realtime/v1`: placeholder until the realtime service lands (issue 3). */
import { sendJson } from '../gateway/http.js';
import type { Service } from '../gateway/context.js';

export const realtimeService: Service = {
  name: 'realtime',
  prefix: '/realtime/v1',
  requiresApiKey: () => false,
  handle: async (_req, res) => sendJson(res, 501, { message: 'realtime is not implemented yet' }),
  health: async () => ({ healthy: false, detail: 'not implemented' }),
};
