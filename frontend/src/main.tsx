import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installSecurityLayer, sendSecurityEventToServer } from './lib/security';

// Before anything creates the backend client: supabase-js keeps the fetch it finds at creation,
// and the request monitor wraps fetch.
installSecurityLayer({ reportEvent: sendSecurityEventToServer });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
