import {
  getMetadataStorage,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { rememberValidationRules, validationRulesVersion } from './internals/class-validator.js';
import {
  classTransformerStorage,
  hasConstructorKey,
  opaquePropertiesOf,
  typeMetadataOf,
  type ClassConstructor,
  type TypeMetadata,
} from './dto-transform.js';

/**
 * The common case of `validateDto`, without class-transformer's and class-validator's machinery: a valid
 * request builds the same DTO instance (`toInstance`) and passes the same rules (`validateSync` with
 * `whitelist`), in a fraction of the time (docs/PERFORMANCE.md, "Validation fast path"). It mirrors, for
 * JSON input, what the two libraries do, step by step, and gives up (`undefined`) wherever it is not sure:
 * then, and for every invalid request, the libraries run as before and word the problems. class-validator
 * stays the validation library: the rules, their checks and their messages are its decorators' own.
 *
 * With `COMMERCE_DTO_SHADOW=1` (the test suites), every answer is checked against the libraries' and a
 * difference throws (`dto-fast-path.spec.ts` and both e2e topologies run with it).
 */

type Plain = Record<string, unknown>;
type Instance = Record<string, unknown>;

/** Gave up: the libraries decide. */
const UNSURE = Symbol('unsure');

// class-transformer's TransformationType.PLAIN_TO_CLASS.
const PLAIN_TO_CLASS = 0;

rememberValidationRules();
const storage = getMetadataStorage();
type ValidationMetadata = ReturnType<typeof storage.getTargetValidationMetadatas>[number];
type ConstraintMetadata = ReturnType<typeof storage.getTargetValidatorConstraints>[number];

const transformsByClass = new WeakMap<object, Map<string, boolean>>();

/**
 * How many field names `decoratedBeyondType` remembers per class: more than any DTO declares, and a bound, as
 * the names come from requests (a body of random keys would otherwise grow the map for good).
 */
export const REMEMBERED_FIELD_NAMES = 256;

/** Whether class-transformer would apply decorators of its own we do not mirror (`Expose`, `Exclude`, `Transform`). */
function decoratedBeyondType(cls: object, key: string): boolean {
  let byKey = transformsByClass.get(cls);
  if (!byKey) {
    byKey = new Map<string, boolean>();
    transformsByClass.set(cls, byKey);
    const target = cls as ClassConstructor<object>;
    if (
      classTransformerStorage.getStrategy(target) !== 'none' ||
      classTransformerStorage.getExposedMetadatas(target).length > 0 ||
      classTransformerStorage.getExcludedMetadatas(target).length > 0
    )
      byKey.set('\u0000class', true);
  }
  if (byKey.get('\u0000class')) return true;
  let found = byKey.get(key);
  if (found === undefined) {
    found =
      classTransformerStorage.findTransformMetadatas(cls as ClassConstructor<object>, key, PLAIN_TO_CLASS)
        .length > 0;
    if (byKey.size < REMEMBERED_FIELD_NAMES) byKey.set(key, found);
  }
  return found;
}

const isJsonScalar = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean';

/** Whether class-validator's whitelist keeps a field: it has rules (its very test, `valid`'s too). */
const whitelisted = (grouped: Record<string, ValidationMetadata[]>, key: string): boolean =>
  Boolean(grouped[key]) && grouped[key].length !== 0;

const isPlainObject = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `plainToInstance(cls, plain, { exposeDefaultValues: false })` followed by `toInstance`'s fix-ups (values no DTO
 * models as they came, `null` fields of DTO instances removed), for parsed JSON. `root`: the instance `valid`
 * whitelists next; `skip`: fields left out (the root's opaque ones).
 */
function build(
  value: unknown,
  target: ClassConstructor<object> | undefined,
  root = false,
  skip?: readonly string[],
): unknown {
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return UNSURE;
    const out: unknown[] = [];
    for (const element of value) {
      const built = build(element, target);
      if (built === UNSURE) return UNSURE;
      out.push(built);
    }
    return out;
  }
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return UNSURE;
  if (typeof value !== 'object' || value === null) {
    // class-transformer converts to these declared scalar types, and to Date and Buffer; none is declared here.
    if (target === (String as unknown) || target === (Number as unknown) || target === (Boolean as unknown))
      return UNSURE;
    return value;
  }
  // Parsed JSON only: class-transformer copies an instance of another class as an instance of that class.
  if (Object.getPrototypeOf(value) !== Object.prototype) return UNSURE;
  if (target && !isDtoClass(target)) return UNSURE;
  const instance = (target ? new target() : {}) as Instance;
  // `valid` drops the root's fields that have no rules (class-validator's whitelist).
  const whitelist = root && target ? rulesOf(instance.constructor).grouped : undefined;
  for (const key of Object.keys(value)) {
    if (key === '__proto__' || skip?.includes(key)) continue;
    // `toInstance` strips own `constructor` keys at any depth first; a plain copy would keep it elsewhere.
    if (key === 'constructor') return UNSURE;
    if (target && decoratedBeyondType(target, key)) return UNSURE;
    // class-transformer does not overwrite the instance's methods and getters (nor `toString` & co.).
    const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(instance) as object, key);
    if ((descriptor && !descriptor.set) || instance[key] instanceof Function) continue;
    const field = (value as Plain)[key];
    // A scalar that would be copied only to be deleted (a `null`, below; a field `valid` drops) is not copied;
    // deleting it would also slow every later access to the instance. Only an own field set by the
    // constructor is to go (an inherited accessor would see the copy: left to the copy).
    if (
      target &&
      isJsonScalar(field) &&
      (field === null || (whitelist && !whitelisted(whitelist, key))) &&
      (Object.hasOwn(instance, key) || !(key in instance)) &&
      !typeMetadataOf(target, key)
    ) {
      if (Object.hasOwn(instance, key)) delete instance[key];
      continue;
    }
    // `toInstance` puts a value no DTO models back as a JSON copy of what came, every own key kept.
    const built =
      target && typeof field === 'object' && field !== null && !typeMetadataOf(target, key)
        ? (JSON.parse(JSON.stringify(field)) as unknown)
        : buildField(target, key, field);
    if (built === UNSURE) return UNSURE;
    instance[key] = built;
    if (target && built === null) delete instance[key];
  }
  return instance;
}

/** The class-transformer view of one field: its declared class, union member, or none. */
function buildField(target: ClassConstructor<object> | undefined, key: string, field: unknown): unknown {
  const metadata = target ? typeMetadataOf(target, key) : undefined;
  if (!metadata) return build(field, undefined);
  if (metadata.reflectedType === Map || metadata.reflectedType === Set) return UNSURE;
  const discriminator = metadata.options?.discriminator;
  if (!discriminator?.property || !discriminator.subTypes) {
    return build(field, typeOf(metadata));
  }
  const keep = metadata.options.keepDiscriminatorProperty === true;
  if (Array.isArray(field)) {
    const out: unknown[] = [];
    for (const element of field) {
      if (!isPlainObject(element)) return UNSURE;
      const member = discriminator.subTypes.find(
        (subType) => subType.name === element[discriminator.property],
      );
      const built = buildMember(element, member?.value ?? typeOf(metadata), keep, discriminator.property);
      if (built === UNSURE) return UNSURE;
      out.push(built);
    }
    return out;
  }
  if (!isPlainObject(field)) return build(field, typeOf(metadata));
  const member = Object.hasOwn(field, discriminator.property)
    ? discriminator.subTypes.find((subType) => subType.name === field[discriminator.property])
    : undefined;
  return buildMember(field, member?.value ?? typeOf(metadata), keep, discriminator.property);
}

/** A union member's instance; class-transformer deletes the discriminator unless it is kept. */
function buildMember(element: Plain, cls: unknown, keep: boolean, property: string): unknown {
  if (keep || !Object.hasOwn(element, property)) return build(element, cls as ClassConstructor<object>);
  const { [property]: _discriminator, ...rest } = element;
  return build(rest, cls as ClassConstructor<object>);
}

function typeOf(metadata: TypeMetadata): ClassConstructor<object> | undefined {
  const type: unknown = metadata.typeFunction ? metadata.typeFunction() : metadata.reflectedType;
  return typeof type === 'function' ? (type as ClassConstructor<object>) : undefined;
}

function isDtoClass(cls: unknown): cls is ClassConstructor<object> {
  return typeof cls === 'function' && cls !== Object && cls !== Array;
}

const CUSTOM = 'customValidation';
const NESTED = 'nestedValidation';
const PROMISE = 'promiseValidation';
const CONDITIONAL = 'conditionalValidation';
const IS_DEFINED = 'isDefined';
const WHITELIST = 'whitelistValidation';
const KNOWN = new Set([CUSTOM, NESTED, PROMISE, CONDITIONAL, IS_DEFINED, WHITELIST]);

/** One constraint of a rule; its instance is taken from class-validator's container on first use, as it does. */
interface Check {
  metadata: ConstraintMetadata;
  instance: ValidatorConstraintInterface | undefined;
}

/** A `customValidation` (or `isDefined`) rule with its synchronous constraints. */
interface CompiledRule {
  validateIf: ((object: unknown, value: unknown) => boolean) | undefined;
  property: string;
  constraints: unknown[];
  each: boolean;
  checks: Check[];
}

/** A property's rules, split once as `valid` uses them. */
interface PropertyRules {
  name: string;
  /** A rule of a type the fast path does not mirror: the libraries decide. */
  unsure: boolean;
  /** The `isDefined` rules, if any. */
  defined: CompiledRule[] | undefined;
  /** Whether the property has rules besides `isDefined` and `whitelistValidation`. */
  others: boolean;
  /** The `ValidateIf` conditions, in order. */
  conditions: Array<(object: unknown, value: unknown) => boolean>;
  custom: CompiledRule[];
  /** How many `nestedValidation` rules (class-validator repeats the nested validation per rule). */
  nested: number;
}

interface ClassRules {
  /** `validationRulesVersion()` when compiled: any rule or constraint learnt since makes these stale. */
  version: number;
  /** class-validator's grouping, for its whitelist test. */
  grouped: Record<string, ValidationMetadata[]>;
  properties: PropertyRules[];
}

/**
 * The class's rules as `validateSync` looks them up (no groups, `always` off, strict groups off) and groups
 * them, compiled once per class; recompiled when class-validator has learnt a rule or a constraint since (a
 * class declared later, a `registerDecorator` call), which `validationRulesVersion` counts.
 */
const rulesByClass = new WeakMap<object, ClassRules>();

function rulesOf(cls: object): ClassRules {
  const version = validationRulesVersion();
  const known = rulesByClass.get(cls);
  if (known && known.version === version) return known;
  const metadatas = storage.getTargetValidationMetadatas(cls as ClassConstructor<object>, '', false, false);
  const grouped = storage.groupByPropertyName(metadatas);
  const rules: ClassRules = {
    version,
    grouped,
    properties: Object.keys(grouped).map((name) => compileProperty(name, grouped[name])),
  };
  rulesByClass.set(cls, rules);
  return rules;
}

function compileProperty(name: string, rules: ValidationMetadata[]): PropertyRules {
  const compiled: PropertyRules = {
    name,
    unsure: false,
    defined: undefined,
    others: false,
    conditions: [],
    custom: [],
    nested: 0,
  };
  for (const rule of rules) {
    if (!KNOWN.has(rule.type)) {
      compiled.unsure = true;
      continue;
    }
    if (rule.type === IS_DEFINED) (compiled.defined ??= []).push(compileRule(rule));
    else if (rule.type !== WHITELIST) {
      compiled.others = true;
      if (rule.type === CONDITIONAL)
        compiled.conditions.push(rule.constraints[0] as (object: unknown, value: unknown) => boolean);
      else if (rule.type === CUSTOM) compiled.custom.push(compileRule(rule));
      else if (rule.type === NESTED) compiled.nested++;
    }
  }
  return compiled;
}

function compileRule(rule: ValidationMetadata): CompiledRule {
  return {
    validateIf: rule.validateIf,
    property: rule.propertyName,
    constraints: rule.constraints,
    each: rule.each,
    // `validateSync` ignores asynchronous rules.
    checks: storage
      .getTargetValidatorConstraints(rule.constraintCls)
      .filter((constraint) => !constraint.async)
      .map((metadata) => ({ metadata, instance: undefined })),
  };
}

/** class-validator's `validateSync(instance, { whitelist: true, forbidUnknownValues: false })` has no errors. */
function valid(object: Instance): boolean | typeof UNSURE {
  const { grouped, properties } = rulesOf(object.constructor);
  for (const key of Object.keys(object)) {
    if (!whitelisted(grouped, key)) delete object[key];
  }
  for (const property of properties) {
    if (property.unsure) return UNSURE;
    const verdict = validProperty(object, object[property.name], property);
    if (verdict !== true) return verdict;
  }
  return true;
}

function validProperty(object: Instance, value: unknown, rules: PropertyRules): boolean | typeof UNSURE {
  for (const condition of rules.conditions) if (!condition(object, value)) return true;
  if (rules.defined) {
    const verdict = custom(object, value, rules.defined);
    if (verdict !== true) return verdict;
  }
  if (!rules.others) return true;
  const verdict = custom(object, value, rules.custom);
  if (verdict !== true) return verdict;
  if (value === undefined) return true;
  // class-validator hands only the `nestedValidation` rules on (its promise rules never run synchronously).
  for (let i = 0; i < rules.nested; i++) {
    const nested = nestedValid(value, rules.nested);
    if (nested !== true) return nested;
  }
  return true;
}

/** `nestedValidations` for one rule: each element of an array (once per rule), or the object. */
function nestedValid(value: unknown, nestedRules: number): boolean | typeof UNSURE {
  if (value instanceof Set || value instanceof Map) return UNSURE;
  if (Array.isArray(value)) {
    for (const element of value) {
      if (element === undefined) continue;
      for (let i = 0; i < nestedRules; i++) {
        const verdict = nestedValid(element, nestedRules);
        if (verdict !== true) return verdict;
      }
    }
    return true;
  }
  if (value instanceof Object) return valid(value as Instance);
  return false;
}

/** class-validator's own test for a rule's asynchronous answer. */
const isPromise = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/**
 * The constraint's instance, as class-validator's `ConstraintMetadata.instance` answers it: its default
 * container's one instance of the class (a linear search among all it made, per call, so it is remembered
 * here). No container of the user's is installed (`useContainer`, which ESLint refuses); with one, an
 * instance could change between calls.
 */
function instanceOf(check: Check): ValidatorConstraintInterface {
  return (check.instance ??= check.metadata.instance);
}

function custom(object: Instance, value: unknown, rules: CompiledRule[]): boolean | typeof UNSURE {
  for (const rule of rules) {
    if (rule.validateIf && !rule.validateIf(object, value)) continue;
    if (rule.checks.length === 0) continue;
    // One per rule and value, as class-validator makes one per constraint (no constraint of its or ours keeps it).
    const args: ValidationArguments = {
      targetName: (object as { constructor?: { name: string } }).constructor?.name as string,
      property: rule.property,
      object,
      value,
      constraints: rule.constraints,
    };
    const each = rule.each && (Array.isArray(value) || value instanceof Set || value instanceof Map);
    if (each && !Array.isArray(value)) return UNSURE;
    for (const check of rule.checks) {
      const instance = instanceOf(check);
      if (!each) {
        const result: unknown = instance.validate(value, args);
        if (isPromise(result)) return UNSURE;
        if (!result) return false;
        continue;
      }
      for (const element of value as unknown[]) {
        const result: unknown = instance.validate(element, args);
        if (isPromise(result)) return UNSURE;
        if (!result) return false;
      }
    }
  }
  return true;
}

/**
 * The DTO instance of `plain` when it is certainly valid; `undefined` when the libraries must decide (an invalid
 * request among them). `plain` is the parsed JSON of a request, checked by `validateDto`'s walks first;
 * `constructorKey`: whether any object in it has an own `constructor` key, if its caller's walk found out.
 */
export function fastValidInstance<T extends object>(
  cls: ClassConstructor<T>,
  plain: object,
  constructorKey = hasConstructorKey(plain),
): T | undefined {
  // `toInstance` rewrites such JSON first, opaque fields included.
  if (Object.getPrototypeOf(plain) !== Object.prototype || constructorKey) return undefined;
  const opaque = opaquePropertiesOf(cls);
  // Built without its opaque fields, which come as they are.
  const instance = build(plain, cls, true, opaque);
  if (instance === UNSURE) return undefined;
  if (opaque) {
    for (const name of opaque) {
      const field = (plain as Plain)[name];
      if (Object.hasOwn(plain, name) && field !== null) (instance as Instance)[name] = field;
    }
  }
  return valid(instance as Instance) === true ? (instance as T) : undefined;
}
