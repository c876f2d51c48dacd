import { runInNewContext } from 'node:vm';
import { releaseStartupMemory } from './startup-memory.js';

describe(releaseStartupMemory.name, () => {
  it('collects what nothing references any more', async () => {
    const collected = new WeakRef({ loadedOnce: 'at start' });
    // A WeakRef holds its target until the current job ends; after that only a collection clears it.
    await new Promise((resolve) => setImmediate(resolve));
    releaseStartupMemory();
    expect(collected.deref()).toBeUndefined();
  });

  it('leaves no gc function behind, here or in contexts created later', () => {
    releaseStartupMemory();
    expect(typeof (globalThis as { gc?: unknown }).gc).toBe('undefined');
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });

  it('can run again', () => {
    releaseStartupMemory();
    expect(() => releaseStartupMemory()).not.toThrow();
  });
});
