/**
 * Starts the behaviour monitors (SPEC §9) and reports what they see through the injected reporter and the
 * logger: excessive requests, unusual navigation, a likely bot, opened dev tools and CSP violations. A
 * cleanup every 60 s drops old timestamps and expired log entries. All of it is telemetry; nothing is
 * blocked. Returns a function that stops every timer, listener and wrapper.
 */
import { SECURITY_MONITOR } from '@/config/constants';
import { detectBotIndicators, isLikelyBot } from './bot-detection';
import { watchDevTools } from './devtools-detection';
import type { ReportSecurityEvent, SecurityEventType } from './event-reporter';
import { createLogger, pruneStoredLogs } from './logger';
import { installNavigationMonitor } from './navigation-monitor';
import { installRequestMonitor } from './request-monitor';

const log = createLogger('security-monitor');

export function installSecurityMonitors(
  report: ReportSecurityEvent,
  win: Window & typeof globalThis = window,
): () => void {
  const emit = (type: SecurityEventType, message: string, details: Record<string, unknown>) => {
    log.warn(message, { event_type: type, ...details });
    report(type, details);
  };

  const requests = installRequestMonitor(
    (details) => emit('excessive_requests', 'Excessive requests', details),
    win,
  );
  const navigation = installNavigationMonitor(
    (details) => emit('unusual_navigation', 'Unusual navigation', details),
    win,
  );
  const stopDevTools = watchDevTools(
    (details) => emit('devtools_opened', 'Developer tools opened', details),
    win,
  );

  const indicators = detectBotIndicators({ navigator: win.navigator, window: win });
  if (isLikelyBot(indicators)) {
    emit('bot_detected', 'Automated browser suspected', {
      indicators,
      of: SECURITY_MONITOR.botIndicatorCount,
    });
  }

  const onCspViolation = (event: SecurityPolicyViolationEvent) => {
    emit('csp_violation', 'Content Security Policy violation', {
      directive: event.effectiveDirective,
      blocked: event.blockedURI.slice(0, 200),
      source: event.sourceFile.slice(0, 200),
    });
  };
  win.document.addEventListener('securitypolicyviolation', onCspViolation);

  const cleanup = setInterval(() => {
    requests.window.prune();
    navigation.window.prune();
    pruneStoredLogs();
  }, SECURITY_MONITOR.cleanupMs);

  return () => {
    requests.stop();
    navigation.stop();
    stopDevTools();
    win.document.removeEventListener('securitypolicyviolation', onCspViolation);
    clearInterval(cleanup);
  };
}
