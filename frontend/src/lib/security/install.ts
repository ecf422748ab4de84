/**
 * Installs the whole client security layer once, before the app renders and before the backend client is
 * created (the request monitor must wrap fetch first). Returns an uninstall function for tests.
 *
 *   installSecurityLayer({ reportEvent: sendSecurityEventToServer });
 */
import { loadEnv } from '@/config/env';
import { installBlockedInteractions } from './blocked-interactions';
import { redirectConsole } from './console-redirect';
import { createSecurityEventReporter, type SendSecurityEvent } from './event-reporter';
import { installInputGuard } from './input-guard';
import { installSecurityMetaTags } from './meta-tags';
import { installSecurityMonitors } from './security-monitor';

export interface SecurityLayerOptions {
  /** Transport for security events (production: sendSecurityEventToServer). */
  reportEvent: SendSecurityEvent;
  /** Origins besides 'self' the CSP lets the app connect to; default: the backend's https and wss origins. */
  connectSources?: readonly string[];
  /** Print redacted console output to the real console too; default: in development only. */
  echoConsole?: boolean;
}

/** The backend origin for connect-src; none when the app is not configured (the error screen says so). */
export function backendConnectSources(): string[] {
  try {
    const url = new URL(loadEnv().supabaseUrl);
    const socket = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
    return [url.origin, socket];
  } catch {
    return [];
  }
}

let installed: (() => void) | null = null;

export function installSecurityLayer(options: SecurityLayerOptions): () => void {
  if (installed) return installed;
  const report = createSecurityEventReporter(options.reportEvent);
  const steps = [
    redirectConsole({ echo: options.echoConsole ?? import.meta.env.DEV }),
    installSecurityMetaTags({ connectSources: options.connectSources ?? backendConnectSources() }),
    installInputGuard({ report }),
    installBlockedInteractions(),
    installSecurityMonitors(report),
  ];
  let done = false;
  const uninstall = () => {
    if (done) return;
    done = true;
    for (const stop of [...steps].reverse()) stop();
    installed = null;
  };
  installed = uninstall;
  return uninstall;
}
