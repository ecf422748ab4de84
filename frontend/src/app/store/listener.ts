/** Cross-cutting reactions (e.g. on sign-out: clear slices, timers and the query cache). */
import { createListenerMiddleware } from '@reduxjs/toolkit';

export const listenerMiddleware = createListenerMiddleware();
