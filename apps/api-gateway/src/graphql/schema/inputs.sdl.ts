import 'reflect-metadata';
import { STAGED_ORDER_ACTIONS, UPDATE_ACTIONS, typeMetadataOf } from '@commerce/contracts';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { Kind, parse, print } from 'graphql';
import { ACTION_ALIASES, CONVENTION_INPUTS, CONVENTION_INPUTS_SDL } from '../inputs.js';
import { CUSTOMER_WRITES, ENGINE_WRITES, MY_WRITES, type WritableResource } from '../resources.js';
import {
  ARGUMENT_INPUTS,
  CUSTOM_TYPE_ACTIONS,
  FIELD_OVERRIDES,
  NESTED_INPUTS,
  PATTERN_SCALARS,
  type Dto,
  type FieldOverride,
  type FieldType,
} from './input-overrides.js';
import { TYPES_SDL } from './types.sdl.js';

/**
 * The GraphQL input types, generated from the class-validator DTOs the REST routes validate with: each
 * resource's draft input and `<Resource>UpdateAction` (one optional field per action of `UPDATE_ACTIONS`, an
 * input per action from its DTO). Types follow the live API's conventions that `../inputs.ts` converts from;
 * what metadata cannot say is in `input-overrides.ts`.
 */

type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];

const valuesKey = (values: readonly unknown[]) => JSON.stringify(values.map(String).sort());

/** The read side's enums by their values: `@IsIn(CHANNEL_ROLES)` is `ChannelRole`. */
const ENUMS = new Map(
  parse(TYPES_SDL).definitions.flatMap((definition) =>
    definition.kind === Kind.ENUM_TYPE_DEFINITION
      ? [[valuesKey((definition.values ?? []).map((value) => value.name.value)), definition.name.value]]
      : [],
  ),
);

/** The convention inputs' fields, printed (CustomFieldsDraft's, for the custom-type actions). */
const CONVENTION_FIELDS = new Map(
  parse(CONVENTION_INPUTS_SDL).definitions.flatMap((definition) =>
    definition.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION
      ? [[definition.name.value, (definition.fields ?? []).map((f) => `${f.name.value}: ${print(f.type)}`)]]
      : [],
  ),
);

/** Action DTOs named as the custom-type and custom-field actions of nested objects (`SetParcelCustomTypeAction`). */
const CUSTOM_TYPE_ACTION = /CustomTypeAction$/;
const CUSTOM_FIELD_ACTION = /CustomFieldAction$/;

/** The properties of a custom-type action that GraphQL writes as CustomFieldsDraft's fields. */
const CUSTOM_TYPE_PROPERTIES = new Set(['type', 'fields']);

const DESIGN_SCALARS = new Map<unknown, string>([
  [String, 'String'],
  [Number, 'Float'],
  [Boolean, 'Boolean'],
]);

/** Validators that name a scalar, in the order they decide. */
const VALIDATOR_SCALARS: readonly [string, string][] = [
  ['isBoolean', 'Boolean'],
  ['isInt', 'Int'],
  ['isNumber', 'Float'],
  ['isString', 'String'],
];

/** A DTO's validation metadata (its own and inherited) by property, in declaration order. */
function properties(dto: Dto): Map<string, ValidationMetadata[]> {
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const meta of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    byProperty.set(meta.propertyName, [...(byProperty.get(meta.propertyName) ?? []), meta]);
  }
  return byProperty;
}

/** `LineItemDraftDto` -> `LineItemDraft`; `TrackingDataDto` -> `TrackingDataInput`. */
function defaultInputName(dto: Dto): string {
  const name = dto.name.replace(/Dto$/, '');
  return /(Draft|Input)$/.test(name) ? name : `${name}Input`;
}

/** A ResourceIdentifier DTO is one that requires exactly one of `id` and `key` (`resourceIdentifierDto`). */
const isResourceIdentifier = (dto: Dto) =>
  [...properties(dto).values()].some((metas) => metas.some((meta) => meta.name === 'hasIdOrKey'));

const printField = (name: string, { type, list, required }: FieldType) =>
  `${name}: ${list ? `[${type}!]` : type}${required ? '!' : ''}`;

/** The input types generated so far, by name; each DTO's input is generated once. */
class InputTypes {
  private readonly printed = new Map<string, string>();
  private readonly sources = new Map<string, Dto>();

  /** Generates `input <name>` from a DTO (unless a convention input or done) and returns the name. */
  input(name: string, dto: Dto): string {
    if (CONVENTION_FIELDS.has(name)) return name;
    const source = this.sources.get(name);
    if (source && source !== dto) {
      throw new Error(`GraphQL input: ${name} would be generated from both ${source.name} and ${dto.name}.`);
    }
    if (source) return name;
    this.sources.set(name, dto);
    const own = this.fields(dto);
    // An action without fields (`unfreezeCart`): GraphQL has no empty input; the live schema's placeholder.
    const fields = own.length > 0 ? own : ['dummy: String'];
    this.printed.set(name, `input ${name} {\n  ${fields.join('\n  ')}\n}`);
    return name;
  }

  /** The DTO properties the generator could not type, all named at once. */
  readonly problems: string[] = [];

  sdl(): string {
    if (this.problems.length > 0) {
      throw new Error(
        `GraphQL input: no GraphQL type in the metadata of ${this.problems.join(', ')}; add them to input-overrides.ts.`,
      );
    }
    return [...this.printed.values()].join('\n\n');
  }

  private fields(dto: Dto): string[] {
    // `...CustomFieldAction`: the value is JSON text, as `inputs.ts` reads every `...CustomField` action's.
    const overrides: Readonly<Record<string, FieldOverride>> = {
      ...(CUSTOM_FIELD_ACTION.test(dto.name) ? { value: { type: 'String' } } : {}),
      ...FIELD_OVERRIDES.get(dto),
    };
    const customType = CUSTOM_TYPE_ACTIONS.has(dto) || CUSTOM_TYPE_ACTION.test(dto.name);
    const fields = [...properties(dto)].flatMap(([property, metas]) => {
      const override = overrides[property];
      if (override === 'omit' || (customType && CUSTOM_TYPE_PROPERTIES.has(property))) return [];
      const field = { ...this.field(dto, property, metas, override?.type !== undefined), ...override };
      if (!field.type) {
        this.problems.push(`${dto.name}.${property}`);
        return [];
      }
      return [printField(property, field as FieldType)];
    });
    return customType
      ? [...fields, ...(CONVENTION_FIELDS.get(CONVENTION_INPUTS.customFields) ?? [])]
      : fields;
  }

  /** With `typed` (an override names the type), a nested DTO's input is not generated. */
  private field(dto: Dto, property: string, metas: ValidationMetadata[], typed = false): Partial<FieldType> {
    const find = (name: string) => metas.find((meta) => meta.name === name);
    const design: unknown = Reflect.getMetadata('design:type', dto.prototype as object, property);
    const base = {
      list: design === Array || find('isArray') !== undefined,
      required: !metas.some((meta) => meta.type === ValidationTypes.CONDITIONAL_VALIDATION),
    };
    if (typed) return base;
    if (metas.some((meta) => meta.type === ValidationTypes.NESTED_VALIDATION)) {
      return { ...base, type: this.nested(dto, property, design) };
    }
    if (find('isLocalizedString')) return { ...base, list: true, type: CONVENTION_INPUTS.localizedString };
    const values = find('isIn')?.constraints?.[0] as unknown[] | undefined;
    if (values) return { ...base, type: ENUMS.get(valuesKey(values)) };
    const pattern: unknown = find('matches')?.constraints?.[0];
    const type =
      (pattern instanceof RegExp ? PATTERN_SCALARS[pattern.source] : undefined) ??
      VALIDATOR_SCALARS.find(([name]) => find(name))?.[1] ??
      DESIGN_SCALARS.get(design);
    return { ...base, type };
  }

  /** A nested DTO (its class-transformer `@Type`): a ResourceIdentifier, a convention or a named input. */
  private nested(dto: Dto, property: string, design: unknown): string | undefined {
    const nested = (typeMetadataOf(dto, property)?.typeFunction() ?? design) as Dto;
    if (isResourceIdentifier(nested)) return CONVENTION_INPUTS.resourceIdentifier;
    if (typeof nested !== 'function' || nested === Object) return undefined;
    // Without a live name in NESTED_INPUTS, the input is named after its DTO (`LineItemDraftDto` ->
    // `LineItemDraft`, `TrackingDataDto` -> `TrackingDataInput`: never a read type's name).
    const input = NESTED_INPUTS.get(nested) ?? { name: defaultInputName(nested) };
    return this.input(input.name, input.fieldsOf ?? nested);
  }
}

/** The update actions of each resource type, by name, with their DTOs: `UPDATE_ACTIONS`. */
type ActionTables = Readonly<Record<WritableResource['typeId'], Readonly<Record<string, Dto>>>>;

/** GraphQL action field names that differ from the REST action's (REST name -> live schema name). */
const GRAPHQL_ACTION_NAMES = new Map(
  Object.entries(ACTION_ALIASES).map(([graphql, rest]) => [rest, graphql]),
);

/** `setName` of Store -> `SetStoreName`; the resource is not repeated (`setCustomerNumber` -> `SetCustomerNumber`). */
export function actionInputName(resource: string, action: string): string {
  const [, verb, rest] = /^([a-z]+)(.*)$/.exec(action) ?? ['', action, ''];
  return `${verb.charAt(0).toUpperCase()}${verb.slice(1)}${rest.startsWith(resource) ? '' : resource}${rest}`;
}

/** `<Resource>UpdateAction`: one optional field per action, typed by the action's own input. */
function updateActionInput(types: InputTypes, resource: WritableResource, tables: ActionTables): string {
  return actionUnionInput(types, resource.name, resource.actionsOf ?? resource.name, {
    ...(resource.actions ?? tables[resource.typeId]),
  });
}

/** `input <name>UpdateAction`: one optional field per action of `table`, its input named after `of`. */
function actionUnionInput(types: InputTypes, name: string, of: string, table: Record<string, Dto>): string {
  const fields = Object.entries(table).map(([action, dto]) => {
    const field = GRAPHQL_ACTION_NAMES.get(action) ?? action;
    return `${field}: ${types.input(actionInputName(of, action), dto)}`;
  });
  return `input ${name}UpdateAction {\n  ${fields.join('\n  ')}\n}`;
}

/**
 * Action unions that are fields of another input rather than a resource's update: an Order Edit's staged
 * actions (`StagedOrderUpdateAction`, the live schema's name, inputs `ChangeStagedOrderLineItemQuantity`, ...).
 */
const NESTED_ACTION_UNIONS: ReadonlyArray<readonly [string, Record<string, Dto>]> = [
  ['StagedOrder', { ...STAGED_ORDER_ACTIONS }],
];

/** The convention inputs, then every writable resource's draft, actions and update-action inputs. */
export function inputsSdl(
  resources: readonly WritableResource[],
  tables: ActionTables = UPDATE_ACTIONS,
  arguments_: readonly (readonly [string, Dto])[] = [],
): string {
  const types = new InputTypes();
  for (const [name, dto] of arguments_) types.input(name, dto);
  const updates = [
    ...NESTED_ACTION_UNIONS.map(([name, table]) => actionUnionInput(types, name, name, table)),
    ...resources.map((resource) => {
      types.input(resource.draftInput, resource.draft);
      return updateActionInput(types, resource, tables);
    }),
  ];
  return [CONVENTION_INPUTS_SDL, types.sdl(), ...updates].join('\n\n');
}

export const INPUTS_SDL = inputsSdl(
  [...ENGINE_WRITES, CUSTOMER_WRITES, ...MY_WRITES],
  UPDATE_ACTIONS,
  ARGUMENT_INPUTS,
);
