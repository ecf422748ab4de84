/** The services the gateway serves, in routing order. */
import { authService } from '../auth/service.js';
import { functionsService } from '../functions/service.js';
import { realtimeService } from '../realtime/service.js';
import { restService } from '../rest/service.js';
import { storageService } from '../storage/service.js';
import type { Service } from '../kernel/context.js';

export const services: Service[] = [
  authService,
  restService,
  realtimeService,
  storageService,
  functionsService,
];
