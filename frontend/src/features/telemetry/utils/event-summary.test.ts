import { describe, expect, it } from 'vitest';
import { eventHeadline, summarizeEvent } from './event-summary';

describe('summarizeEvent', () => {
  it('reads a Suricata event: type, flow and the telling details', () => {
    const summary = summarizeEvent({
      event_type: 'http',
      src_ip: '10.0.0.5',
      src_port: 51234,
      dest_ip: '2001:db8::1',
      dest_port: 80,
      proto: 'TCP',
      method: 'GET',
      user_agent: '<img src=x onerror=alert(1)>',
      flow_id: 123,
    });
    expect(summary).toEqual({
      eventType: 'http',
      flow: '10.0.0.5:51234 → [2001:db8::1]:80 TCP',
      details: [
        { label: 'User agent', value: '<img src=x onerror=alert(1)>' },
        { label: 'HTTP method', value: 'GET' },
      ],
    });
    expect(eventHeadline(summary)).toBe('User agent: <img src=x onerror=alert(1)>');
  });

  it('takes strings and numbers only, whatever else the jsonb holds', () => {
    expect(
      summarizeEvent({
        event_type: { nested: true },
        signature: ['x'],
        dest_ip: '203.0.113.5',
        status: Infinity,
      }),
    ).toEqual({ eventType: undefined, flow: '? → 203.0.113.5', details: [] });
    expect(summarizeEvent(null)).toEqual({ details: [] });
    expect(summarizeEvent('text')).toEqual({ details: [] });
    expect(eventHeadline({ details: [] })).toBe('');
  });
});
