import { readFileSync } from 'node:fs';
import {
  buildSchema,
  findBreakingChanges,
  findDangerousChanges,
  isInputObjectType,
  lexicographicSortSchema,
  printType,
  type GraphQLSchema,
} from 'graphql';
import { actionInputName, inputsSdl } from './inputs.sdl.js';
import { MUTATIONS_SDL } from './mutations.sdl.js';
import { TYPES_SDL } from './types.sdl.js';
import { NestedType, UPDATE_ACTIONS } from '@commerce/contracts';
import { IsOptional, IsString, ValidateNested } from 'class-validator';
import { ENGINE_WRITES } from '../resources.js';

/** The write side as it was hand-written before the input types were generated (input types and Mutation). */
const BEFORE = readFileSync(
  new URL('./__fixtures__/mutations-before-derivation.graphql', import.meta.url),
  'utf8',
);

/** The input types and the Mutation root of a schema, printed in a fixed order. */
function writeSide(schema: GraphQLSchema): string {
  const sorted = lexicographicSortSchema(schema);
  return Object.values(sorted.getTypeMap())
    .filter((type) => isInputObjectType(type) || type === sorted.getMutationType())
    .map((type) => printType(type))
    .join('\n\n');
}

describe('generated GraphQL input types', () => {
  const before = buildSchema(`${TYPES_SDL}\n${BEFORE}`);
  const now = buildSchema(`${TYPES_SDL}\n${MUTATIONS_SDL}`);

  it('changes nothing for a client of the hand-written schema, either way', () => {
    expect(findBreakingChanges(before, now)).toEqual([]);
    expect(findDangerousChanges(before, now)).toEqual([]);
    expect(findBreakingChanges(now, before)).toEqual([]);
    expect(findDangerousChanges(now, before)).toEqual([]);
  });

  it('is the hand-written write side exactly: the same types, fields, nullability and descriptions', () => {
    expect(writeSide(now)).toBe(writeSide(before));
  });

  it('names action inputs as the live schema does', () => {
    expect(actionInputName('Store', 'setName')).toBe('SetStoreName');
    expect(actionInputName('Store', 'changeProductSelectionActive')).toBe(
      'ChangeStoreProductSelectionActive',
    );
    expect(actionInputName('Customer', 'setCustomerNumber')).toBe('SetCustomerNumber');
    expect(actionInputName('Customer', 'setCustomType')).toBe('SetCustomerCustomType');
    expect(actionInputName('Product', 'publish')).toBe('PublishProduct');
  });

  it('offers every action of a resource without an own list, from UPDATE_ACTIONS', () => {
    for (const { name, typeId } of ENGINE_WRITES) {
      const input = now.getType(`${name}UpdateAction`);
      if (!isInputObjectType(input)) throw new Error(`${name}UpdateAction is missing`);
      expect(Object.keys(input.getFields())).toHaveLength(Object.keys(UPDATE_ACTIONS[typeId]).length);
    }
  });

  it('refuses an action the resource does not have', () => {
    const [store] = ENGINE_WRITES;
    expect(() => inputsSdl([{ ...store, actions: ['setNam'] }])).toThrow(
      /store has no update action 'setNam'/,
    );
  });
});

class StoreLanguageAction {
  @IsString()
  language: string;
}

class UntypedDraft {
  @IsOptional()
  anything?: unknown;
}

class UnnamedNested {
  @IsString()
  code: string;
}

class DraftWithUnnamedNested {
  @ValidateNested()
  @NestedType(() => UnnamedNested)
  nested: UnnamedNested;
}

describe('the input generator', () => {
  const store = ENGINE_WRITES.find(({ typeId }) => typeId === 'store')!;

  it('offers a new action of the table at once, with its input from the DTO', () => {
    const tables = {
      ...UPDATE_ACTIONS,
      store: { ...UPDATE_ACTIONS.store, addLanguage: StoreLanguageAction },
    };
    const schema = buildSchema(`${TYPES_SDL}\n${inputsSdl([store], tables)}`);
    const actions = schema.getType('StoreUpdateAction');
    const input = schema.getType('AddStoreLanguage');
    if (!isInputObjectType(actions) || !isInputObjectType(input)) throw new Error('inputs missing');
    expect(String(actions.getFields().addLanguage.type)).toBe('AddStoreLanguage');
    expect(printType(input)).toBe('input AddStoreLanguage {\n  language: String!\n}');
  });

  it('names the DTO property it cannot type', () => {
    expect(() => inputsSdl([{ ...store, draft: UntypedDraft, draftInput: 'Untyped' }])).toThrow(
      'UntypedDraft.anything has no GraphQL type',
    );
    expect(() => inputsSdl([{ ...store, draft: DraftWithUnnamedNested, draftInput: 'Nested' }])).toThrow(
      'DraftWithUnnamedNested.nested has no GraphQL type',
    );
  });
});
