import {
  referenceSubjects,
  type PendingReferenceQuery,
  type ReferenceLookup,
  type ReferenceOwner,
  type Rpc,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { Handles } from '@commerce/messaging';
import { Controller, type Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { ReferenceIntents } from './reference-intents.js';
import { ReferenceReservations } from './reference-reservations.js';

const isLookup = (ref: unknown): ref is ReferenceLookup =>
  typeof (ref as ReferenceLookup | null)?.typeId === 'string';

/** `<prefix>.references.reserve` (the referenced side) and `<prefix>.references.pending` (the referencing side). */
export function referencesRpcController(prefix: ReferenceOwner): Type<unknown> {
  const subjects = referenceSubjects(prefix);

  @Controller()
  class ReferencesRpcController {
    constructor(
      private readonly reservations: ReferenceReservations,
      private readonly intents: ReferenceIntents,
    ) {}

    @Handles(subjects.reserve)
    reserve(@Payload() { ctx, refs }: Rpc<{ refs: unknown }>) {
      return this.reservations.reserve(ctx, Array.isArray(refs) ? refs.filter(isLookup) : []);
    }

    @Handles(subjects.pending)
    pending(@Payload() { ctx, target }: Rpc<{ target: PendingReferenceQuery }>) {
      if (typeof target?.typeId !== 'string' || typeof target.id !== 'string') {
        throw Errors.invalidInput('A target with typeId and id is required.');
      }
      return this.intents.pendingFor(ctx, target);
    }
  }
  return ReferencesRpcController;
}
