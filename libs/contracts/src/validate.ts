import { nestedElementProblems, toInstance, type ClassConstructor } from './dto-transform.js';
import { validateSync, type ValidationError } from 'class-validator';
import { rememberValidationRules } from './internals/class-validator.js';

rememberValidationRules();

export type DtoResult<T> = { ok: true; value: T } | { ok: false; problems: string[] };

const MAX_DEPTH = 64;

/** Measures nesting depth without recursion, so hostile input can not overflow the stack. */
export function jsonDepthExceeds(value: unknown, limit = MAX_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

function flatten(errors: ValidationError[], parent = ''): string[] {
  const lines: string[] = [];
  for (const error of errors) {
    const isIndex = /^\d+$/.test(error.property);
    const own =
      error.property === 'idOrKey'
        ? ''
        : isIndex
          ? `[${error.property}]`
          : `${parent ? '.' : ''}${error.property}`;
    const path = `${parent}${own}`;
    for (const message of Object.values(error.constraints ?? {})) lines.push(`${path}: ${message}`);
    if (error.children?.length) lines.push(...flatten(error.children, path));
  }
  return lines;
}

/**
 * Validates untrusted JSON against a DTO class. Unknown properties are dropped (misspelled optional fields
 * are ignored, as the API promises); problems come back as `path: message` lines.
 */
export function validateDto<T extends object>(cls: ClassConstructor<T>, plain: unknown): DtoResult<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, problems: ['JSON object expected.'] };
  }
  if (jsonDepthExceeds(plain))
    return { ok: false, problems: [`JSON nesting deeper than ${MAX_DEPTH} levels.`] };
  const malformed = nestedElementProblems(cls, plain);
  if (malformed.length > 0) return { ok: false, problems: malformed };
  const instance = toInstance(cls, plain);
  const errors = validateSync(instance, {
    whitelist: true,
    forbidUnknownValues: false,
    validationError: { target: false },
  });
  if (errors.length > 0) return { ok: false, problems: flatten(errors) };
  return { ok: true, value: instance };
}
