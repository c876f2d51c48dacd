import { jest } from '@jest/globals';
import { stopOnInterrupt } from './interrupt.js';

describe(stopOnInterrupt.name, () => {
  it('on SIGTERM runs what is still running, the last started first, then exits with 143', async () => {
    const order: string[] = [];
    const exited = new Promise<number | undefined>((resolve) => {
      jest.spyOn(process, 'exit').mockImplementation(((code?: number) => resolve(code)) as never);
    });
    jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const database = stopOnInterrupt(async () => void order.push('database'));
    const stopped = stopOnInterrupt(async () => void order.push('stopped normally'));
    stopOnInterrupt(async () => void order.push('platform'));
    await stopped();
    await stopped();
    process.emit('SIGTERM', 'SIGTERM');
    expect(await exited).toBe(143);
    expect(order).toEqual(['stopped normally', 'platform', 'database']);
    await database();
    expect(order).toHaveLength(3);
    jest.restoreAllMocks();
  });
});
