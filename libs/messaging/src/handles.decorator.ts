import type { EventMap, EventSubject, RequestOf, ResponseOf, Subject } from '@commerce/contracts';
import { EventPattern, MessagePattern } from '@nestjs/microservices';

/**
 * Whether a handler method fits a contract: it accepts the contract's request (it may read it more loosely,
 * e.g. `unknown` fields it validates itself, never more narrowly) and returns its response or a promise of
 * it. Checked in both directions explicitly, because TypeScript compares method parameters bivariantly.
 */
type Fits<M, Request, Response> = M extends (request: infer Accepted) => infer Returned
  ? [Request] extends [Accepted]
    ? [Awaited<Returned>] extends [Response]
      ? true
      : false
    : false
  : false;

/** Makes a mismatch a compile error at the decorator, naming the subject. */
type Mismatch<S extends string> = { 'handler does not match the contract of': S };

/**
 * Declares the handler of a request/reply subject (`@MessagePattern`), checked against the subject's
 * contract (`ContractMap` of `@commerce/contracts`): a handler whose parameter or return type disagrees with
 * the contract fails to compile.
 */
export function Handles<S extends Subject>(subject: S) {
  return <M extends (request: never) => unknown>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M> &
      (Fits<M, RequestOf<S>, ResponseOf<S>> extends true ? unknown : Mismatch<S>),
  ): void => {
    MessagePattern(subject)(target, key, descriptor as PropertyDescriptor);
  };
}

/** Declares a listener of an event (`@EventPattern`), checked against the event's payload. */
export function On<E extends EventSubject>(event: E) {
  return <M extends (payload: never) => unknown>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M> &
      (Fits<M, EventMap[E], unknown> extends true ? unknown : Mismatch<E>),
  ): void => {
    EventPattern(event)(target, key, descriptor as PropertyDescriptor);
  };
}
