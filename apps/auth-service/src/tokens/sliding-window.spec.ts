import { SlidingWindow } from './sliding-window.js';

describe(SlidingWindow.name, () => {
  let now = 0;
  const clock = () => now;

  it('allows the limit within the window, then says when a slot frees up', () => {
    now = 1_000;
    const window = new SlidingWindow(2, 10_000, 100, clock);
    expect(window.acquire('k')).toHaveProperty('slot');
    now = 2_000;
    expect(window.acquire('k')).toHaveProperty('slot');
    now = 3_000;
    expect(window.acquire('k')).toEqual({ retryAfterMs: 8_000 });
    expect(window.acquire('other')).toHaveProperty('slot');
    now = 11_001;
    expect(window.acquire('k')).toHaveProperty('slot');
  });

  it('does not count a released slot', () => {
    now = 0;
    const window = new SlidingWindow(1, 10_000, 100, clock);
    const first = window.acquire('k');
    if (!('slot' in first)) throw new Error('expected a slot');
    window.release(first.slot);
    expect(window.acquire('k')).toHaveProperty('slot');
    expect(window.acquire('k')).toHaveProperty('retryAfterMs');
  });

  it('counts attempts still in flight', () => {
    now = 0;
    const window = new SlidingWindow(3, 10_000, 100, clock);
    const results = Array.from({ length: 5 }, () => window.acquire('burst'));
    expect(results.filter((result) => 'slot' in result)).toHaveLength(3);
  });
});
