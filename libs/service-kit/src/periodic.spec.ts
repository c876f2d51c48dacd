import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { PeriodicJob, runEvery } from './periodic.js';

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

describe(PeriodicJob.name, () => {
  class Sweeper extends PeriodicJob {
    protected readonly what = 'sweeping the floor';
    readonly outcomes: Array<Promise<number>> = [
      Promise.reject(new Error('broom broken')),
      Promise.resolve(2),
    ];
    sweeps = 0;
    protected intervalMs(): number {
      return 500;
    }
    sweep(): Promise<number> {
      this.sweeps += 1;
      return this.outcomes.shift() ?? Promise.resolve(0);
    }
  }

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('sweeps from bootstrap to shutdown, warning with what failed under its own name', async () => {
    const warnings: string[] = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(function (this: Logger, message: unknown) {
      warnings.push(`${(this as unknown as { context?: string }).context}: ${String(message)}`);
    });
    const job = new Sweeper();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(job.sweeps).toBe(0);
    job.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(job.sweeps).toBe(2);
    expect(warnings).toEqual(['Sweeper: sweeping the floor failed: broom broken']);
    job.onApplicationShutdown();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(job.sweeps).toBe(2);
  });
});
