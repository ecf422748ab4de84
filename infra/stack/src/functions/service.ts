/** `/functions/v1`: placeholder until the functions service lands (issue 3). */
import { sendJson } from '../gateway/http.js';
import type { Service } from '../gateway/context.js';

export const functionsService: Service = {
  name: 'functions',
  prefix: '/functions/v1',
  requiresApiKey: () => false,
  handle: async (_req, res) => sendJson(res, 501, { message: 'functions is not implemented yet' }),
  health: async () => ({ healthy: false, detail: 'not implemented' }),
};
