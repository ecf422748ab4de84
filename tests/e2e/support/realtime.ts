/**
 * Resolves once the app's alert-count channel is subscribed to database changes, read from the realtime
 * WebSocket's frames (Phoenix protocol: a 'system' message "Subscribed to PostgreSQL" for the channel's
 * topic). A row inserted before that moment is never announced, only counted by the next 30 s poll.
 */
import type { Page } from '@playwright/test';

const ALERT_TOPIC_SUBSCRIBED =
  /"realtime:alert-count-[^"]*","system",\{[^}]*"status":"ok"[^}]*Subscribed to PostgreSQL/;

export function alertFeedSubscribed(page: Page, timeoutMs = 15_000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`The alert-count channel was not subscribed within ${timeoutMs} ms`)),
      timeoutMs,
    );
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (ALERT_TOPIC_SUBSCRIBED.test(String(payload))) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
}
