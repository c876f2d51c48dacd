import { jest } from '@jest/globals';
import { runEvery } from './periodic.js';

describe(runEvery.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs the task every interval, reports a failed run and goes on, until stopped', async () => {
    const outcomes = [Promise.resolve(1), Promise.reject(new Error('database down')), Promise.resolve(3)];
    const task = jest.fn(() => outcomes.shift() ?? Promise.resolve(0));
    const failures: unknown[] = [];
    const stop = runEvery(1_000, task, (error) => failures.push(error));
    expect(task).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(3_000);
    expect(task).toHaveBeenCalledTimes(3);
    expect(failures).toEqual([new Error('database down')]);
    stop();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(task).toHaveBeenCalledTimes(3);
  });
});
