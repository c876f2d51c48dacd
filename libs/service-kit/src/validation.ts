import { validateDto } from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { ClassConstructor } from '@commerce/contracts';

/** Validates untrusted input against a DTO; a problem is a 400 `InvalidJsonInput` naming the fields. */
export function parseDto<T extends object>(cls: ClassConstructor<T>, plain: unknown): T {
  const result = validateDto(cls, plain);
  if (!result.ok) throw Errors.invalidJsonInput(result.problems.join('; '));
  return result.value;
}
