/** `/storage/v1`: placeholder until the storage service lands (issue 3). */
import { sendJson } from '../gateway/http.js';
import type { Service } from '../gateway/context.js';

export const storageService: Service = {
  name: 'storage',
  prefix: '/storage/v1',
  requiresApiKey: () => false,
  handle: async (_req, res) => sendJson(res, 501, { message: 'storage is not implemented yet' }),
  health: async () => ({ healthy: false, detail: 'not implemented' }),
};
