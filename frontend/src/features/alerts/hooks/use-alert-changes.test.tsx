import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '@/lib/query-client';
import { alertKeys } from '@/features/alerts/api/keys';
import { useAlertChanges } from './use-alert-changes';

type Binding = { event: string; schema: string; table: string };

const realtime = vi.hoisted(() => ({
  bindings: [] as Array<{ filter: Binding; callback: () => void }>,
  removed: [] as unknown[],
  channel: vi.fn(),
}));

vi.mock('@/lib/supabase', () => ({
  supabase: () => ({
    channel: (topic: string) => {
      realtime.channel(topic);
      const channel = {
        on: (_type: string, filter: Binding, callback: () => void) => {
          realtime.bindings.push({ filter, callback });
          return channel;
        },
        subscribe: () => channel,
      };
      return channel;
    },
    removeChannel: async (channel: unknown) => {
      realtime.removed.push(channel);
      return 'ok';
    },
  }),
}));

beforeEach(() => {
  realtime.bindings.length = 0;
  realtime.removed.length = 0;
  realtime.channel.mockReset();
});

function setup(enabled: boolean) {
  const client = makeQueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useAlertChanges({ enabled }), { wrapper });
  return { invalidate, ...hook };
}

describe('useAlertChanges', () => {
  it('refreshes the count when an alert is inserted or updated', () => {
    const { invalidate } = setup(true);
    expect(realtime.bindings.map((binding) => binding.filter)).toEqual([
      { event: 'INSERT', schema: 'public', table: 'enhanced_security_alerts' },
      { event: 'UPDATE', schema: 'public', table: 'enhanced_security_alerts' },
    ]);
    realtime.bindings[0]!.callback();
    realtime.bindings[1]!.callback();
    expect(invalidate).toHaveBeenCalledTimes(2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: alertKeys.all });
  });

  it('removes its channel on unmount', () => {
    const { unmount } = setup(true);
    expect(realtime.removed).toHaveLength(0);
    unmount();
    expect(realtime.removed).toHaveLength(1);
  });

  it('opens no channel while signed out', () => {
    setup(false);
    expect(realtime.channel).not.toHaveBeenCalled();
  });
});
