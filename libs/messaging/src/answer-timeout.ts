/** No answer within the caller's wait, over NATS or in process (the caller maps it to a 504). */
export class AnswerTimeout extends Error {
  constructor() {
    super('no answer within the wait');
  }
}

/**
 * `answer`, or AnswerTimeout once `ms` have passed; one timer, cleared with the answer. One promise and one
 * reaction per call (no `Promise.race` of two promises and a `finally`): it wraps every in-process request.
 */
export function withinMs<T>(answer: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new AnswerTimeout()), ms);
    answer.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        // The answer's own failure, passed on as it is (an ApiError, a NATS error).
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
        reject(error);
      },
    );
  });
}
