/** The services the gateway serves, in routing order. */
import { authService } from '../auth/service.js';
import { restService } from '../rest/service.js';
import type { Service } from './context.js';

export const services: Service[] = [authService, restService];
