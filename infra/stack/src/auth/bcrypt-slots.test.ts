import { describe, expect, it } from 'vitest';
import { Slots } from './bcrypt-slots.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Slots', () => {
  it('never runs more than its size at once, and starts waiting work in arrival order', async () => {
    const slots = new Slots(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        slots.run(async () => {
          started.push(i);
          running += 1;
          peak = Math.max(peak, running);
          await tick();
          running -= 1;
          return i * 10;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('frees the slot of work that fails', async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error('bad hash')))).rejects.toThrow('bad hash');
    await expect(slots.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
