import { jest } from '@jest/globals';
import { AnswerTimeout, withinMs } from './answer-timeout.js';

describe('withinMs', () => {
  afterEach(() => jest.useRealTimers());

  it('resolves with the answer and leaves no timer behind', async () => {
    jest.useFakeTimers();
    await expect(withinMs(Promise.resolve('answer'), 1_000)).resolves.toBe('answer');
    expect(jest.getTimerCount()).toBe(0);
  });

  it("rejects with the answer's own failure and leaves no timer behind", async () => {
    jest.useFakeTimers();
    const failure = new Error('refused');
    await expect(withinMs(Promise.reject(failure), 1_000)).rejects.toBe(failure);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('rejects with AnswerTimeout once the wait has passed, and ignores a late answer', async () => {
    jest.useFakeTimers();
    let answer!: (value: string) => void;
    const waited = withinMs(new Promise<string>((resolve) => (answer = resolve)), 50);
    jest.advanceTimersByTime(49);
    const outcome = waited.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    jest.advanceTimersByTime(1);
    answer('late');
    expect(await outcome).toEqual({ error: expect.any(AnswerTimeout) });
  });
});
