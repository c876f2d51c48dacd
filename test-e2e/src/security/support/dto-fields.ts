import { nestedClassesOf, type ClassConstructor } from '@commerce/contracts';
import { getMetadataStorage } from 'class-validator';

/**
 * What the class-validator DTOs of `@commerce/contracts` say about their fields, for the hostile-input run:
 * every field path of a DTO (nested DTOs and array elements included) and a plausible value of a DTO (its
 * required fields, each with a value its rules accept), so that a body can start valid and have one field
 * changed.
 */

export type Dto = ClassConstructor<object>;

interface Rule {
  name: string;
  constraints: unknown[];
  each: boolean;
}

/** A field of a body: its path (property names; 0 for an array's first element) and what the DTO says of it. */
export interface Field {
  path: ReadonlyArray<string | number>;
  /** The DTO of the object each path prefix is (`types[i]` for `path[0..i]`), to fill in what a body lacks. */
  types: ReadonlyArray<Dto | undefined>;
  /** `@IsOptional()`: absent (and so an explicit null) is accepted. */
  optional: boolean;
  /** The names of its rules (`isLocalizedString`, ...), the element's included. */
  rules?: readonly string[];
}

/** How deep nested DTOs are followed (the drafts' deepest meaningful nesting is three levels). */
const MAX_DEPTH = 3;

/** A property that only carries a cross-field rule (`@HasIdOrKey() idOrKey`), not a field of the body. */
const isPseudoProperty = (rules: Rule[]) => rules.every((rule) => rule.name === 'hasIdOrKey');

/** A DTO's rules (its own and inherited) by property, in declaration order. */
export function rulesOf(dto: Dto): Map<string, Rule[]> {
  const byProperty = new Map<string, Rule[]>();
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    const rule = {
      name: meta.name ?? meta.type,
      constraints: meta.constraints ?? [],
      each: meta.each ?? false,
    };
    byProperty.set(meta.propertyName, [...(byProperty.get(meta.propertyName) ?? []), rule]);
  }
  for (const [property, rules] of byProperty) if (isPseudoProperty(rules)) byProperty.delete(property);
  return byProperty;
}

const has = (rules: Rule[], name: string) => rules.some((rule) => rule.name === name);
const isArrayRule = (rules: Rule[]) =>
  has(rules, 'isArray') || rules.some((r) => r.each && r.name === 'nestedValidation');

/** Every field of a DTO, nested DTOs' fields (and their array elements') included, parents first. */
export function fieldsOf(dto: Dto): Field[] {
  const fields: Field[] = [];
  const walk = (current: Dto, path: Field['path'], types: Field['types'], seen: Dto[]) => {
    for (const [property, rules] of rulesOf(current)) {
      const nested = nestedClassesOf(current, property).filter((cls) => !seen.includes(cls));
      const optional = has(rules, 'isOptional');
      if (!isArrayRule(rules)) {
        const names = rules.map((rule) => rule.name);
        fields.push({ path: [...path, property], types: [...types, nested[0]], optional, rules: names });
        if (path.length < MAX_DEPTH)
          for (const cls of new Set(nested)) walk(cls, [...path, property], [...types, cls], [...seen, cls]);
        continue;
      }
      fields.push({ path: [...path, property], types: [...types, undefined], optional });
      const element = [...path, property, 0];
      fields.push({ path: element, types: [...types, undefined, nested[0]], optional: false });
      if (path.length < MAX_DEPTH)
        for (const cls of new Set(nested)) walk(cls, element, [...types, undefined, cls], [...seen, cls]);
    }
  };
  walk(dto, [], [], [dto]);
  return fields;
}

/** Ids of real resources by type id, for the references a plausible value makes. */
export type References = (typeId: string) => string | undefined;

let counter = 0;
/** A value no other plausible value has (keys, slugs, e-mail addresses are unique). */
const unique = (prefix: string) => `${prefix}-${process.pid.toString(36)}-${(counter++).toString(36)}`;

/** A value the rules of one scalar property accept, as far as they say. */
function scalar(property: string, rules: Rule[]): unknown {
  const rule = (name: string) => rules.find((r) => r.name === name);
  const oneOf = rule('isIn')?.constraints[0];
  if (Array.isArray(oneOf) && oneOf.length > 0) return oneOf[0];
  if (rule('equals')) return rule('equals')!.constraints[0];
  if (rule('isBoolean')) return true;
  if (rule('isInt') || rule('isNumber') || rule('min') || rule('max')) {
    const min = rule('min')?.constraints[0];
    return typeof min === 'number' ? Math.max(min, 1) : 1;
  }
  if (rule('isLocalizedString')) return { en: 'Fuzz' };
  if (rule('isSlug')) return { en: unique('slug') };
  if (rule('isJsonObject') || rule('isObject')) return {};
  if (rule('isEmail') || property === 'email') return `${unique('fuzz')}@example.com`;
  if (rule('isDateString') || rule('isISO8601')) return new Date(0).toISOString();
  if (rule('isUrl') || rule('isURL')) return 'https://example.com/fuzz';
  if (/key$/i.test(property)) return unique('fuzz');
  const length = rule('isLength')?.constraints ?? rule('minLength')?.constraints;
  const min = typeof length?.[0] === 'number' ? length[0] : 0;
  return 'fuzz'.padEnd(Math.max(min, 4), 'z');
}

/** A value for one property of a DTO: its nested DTO's plausible value, an array of one, or a scalar. */
function plausibleProperty(dto: Dto, property: string, rules: Rule[], references: References, depth: number) {
  const [nested] = nestedClassesOf(dto, property);
  const element = () =>
    nested
      ? plausible(nested, references, depth + 1)
      : scalar(
          property,
          rules.filter((r) => r.each),
        );
  if (isArrayRule(rules))
    return has(rules, 'arrayMinSize') || nested || rules.some((r) => r.each) ? [element()] : [];
  return nested ? plausible(nested, references, depth + 1) : scalar(property, rules);
}

/**
 * A plausible value of a DTO: its required properties (and a reference's `typeId` and the id of a real
 * resource of that type), each with a value its rules accept as far as they say.
 */
export function plausible(dto: Dto, references: References, depth = 0): Record<string, unknown> {
  const rules = rulesOf(dto);
  const typeId = rules.get('typeId')?.find((rule) => rule.name === 'equals')?.constraints[0];
  if (typeof typeId === 'string' && rules.has('id')) {
    return { typeId, id: references(typeId) ?? '00000000-0000-4000-8000-000000000000' };
  }
  const value: Record<string, unknown> = {};
  if (depth > MAX_DEPTH) return value;
  for (const [property, propertyRules] of rules) {
    if (has(propertyRules, 'isOptional')) continue;
    value[property] = plausibleProperty(dto, property, propertyRules, references, depth);
  }
  return value;
}

/** Marks a field to be left out instead of set (a required field missing). */
export const ABSENT = Symbol('absent');

/**
 * A copy of `body` with one field set to `value` (or removed, for `ABSENT`): what the path passes through and
 * the body lacks is filled in with plausible values of the DTOs the field says.
 */
export function withField(body: object, field: Field, value: unknown, references: References): object {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let current = copy;
  field.path.forEach((step, index) => {
    if (index === field.path.length - 1) {
      if (value === ABSENT) delete current[step];
      else current[step] = value;
      return;
    }
    const nextIsIndex = typeof field.path[index + 1] === 'number';
    const existing = current[step];
    const fits = nextIsIndex ? Array.isArray(existing) : typeof existing === 'object' && existing !== null;
    if (!fits) {
      const type = field.types[index];
      current[step] = nextIsIndex ? [] : type ? plausible(type, references) : {};
    }
    current = current[step] as Record<string | number, unknown>;
  });
  return copy;
}

export const fieldName = (field: Field) =>
  field.path
    .map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`))
    .join('')
    .slice(1);
