/** No answer within the caller's wait, over NATS or in process (the caller maps it to a 504). */
export class AnswerTimeout extends Error {
  constructor() {
    super('no answer within the wait');
  }
}

/** `answer`, or AnswerTimeout once `ms` have passed; one timer, cleared with the answer. */
export function withinMs<T>(answer: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AnswerTimeout()), ms);
  });
  return Promise.race([answer, expired]).finally(() => clearTimeout(timer));
}
