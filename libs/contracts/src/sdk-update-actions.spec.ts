import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { PROJECT_ACTION_DTOS } from './auth/project-actions.dto.js';
import { MY_CART_ACTIONS } from './carts/cart-actions.dto.js';
import { MY_SHOPPING_LIST_ACTIONS } from './shopping-lists/shopping-list.dto.js';
import { STAGED_ORDER_ACTIONS } from './order-edits/order-edit.dto.js';
import { UPDATE_ACTIONS } from './update-actions.js';

/**
 * The update actions of the official SDK (`@commercetools/platform-sdk`), read from its type definitions with
 * the TypeScript compiler: each `<Resource>UpdateAction` union's member interfaces and their `action` literal.
 * Every resource the platform updates with actions must serve every action its union names.
 */

const models = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@commercetools/platform-sdk/package.json')),
  'dist/declarations/src/generated/models',
);

/**
 * The SDK's union of a resource's actions: `<PascalCase type id>UpdateAction` (`product-type` ->
 * `ProductTypeUpdateAction`). A resource whose union is named otherwise gets its line here.
 */
const UNION_NAME_EXCEPTIONS: Record<string, string> = {};

function unionNameOf(typeId: string): string {
  const pascal = typeId.replace(/(^|-)([a-z])/g, (_match, _dash, letter: string) => letter.toUpperCase());
  return UNION_NAME_EXCEPTIONS[typeId] ?? `${pascal}UpdateAction`;
}

/** The platform's actions of every resource updated by `POST {version, actions}`, by SDK union name. */
const served: Array<{ resource: string; union: string; actions: string[] }> = [
  ...Object.entries(UPDATE_ACTIONS).map(([typeId, table]) => ({
    resource: typeId,
    union: unionNameOf(typeId),
    actions: Object.keys(table),
  })),
  { resource: 'project', union: unionNameOf('project'), actions: Object.keys(PROJECT_ACTION_DTOS) },
  { resource: 'my-cart', union: 'MyCartUpdateAction', actions: Object.keys(MY_CART_ACTIONS) },
  {
    resource: 'my-shopping-list',
    union: 'MyShoppingListUpdateAction',
    actions: Object.keys(MY_SHOPPING_LIST_ACTIONS),
  },
  // What an Order Edit stages (its own actions, `OrderEditUpdateAction`, come with UPDATE_ACTIONS).
  { resource: 'staged-order', union: 'StagedOrderUpdateAction', actions: Object.keys(STAGED_ORDER_ACTIONS) },
];

/** Unions served exactly: nothing missing and nothing the SDK does not name. */
const EXACT: ReadonlySet<string> = new Set([
  'MyCartUpdateAction',
  'MyShoppingListUpdateAction',
  'StagedOrderUpdateAction',
  'OrderEditUpdateAction',
]);

/** The `action` literal of each member of every exported `*UpdateAction` union of the SDK's models. */
function sdkUnions(): Map<string, string[]> {
  const files = ts.sys.readDirectory(models, ['.d.ts']);
  const program = ts.createProgram(files, { noEmit: true, skipLibCheck: true, strict: true });
  const checker = program.getTypeChecker();
  const unions = new Map<string, string[]>();
  for (const file of program.getSourceFiles()) {
    if (!path.resolve(file.fileName).startsWith(models)) continue;
    for (const statement of file.statements) {
      if (!ts.isTypeAliasDeclaration(statement) || !statement.name.text.endsWith('UpdateAction')) continue;
      const type = checker.getTypeAtLocation(statement.name);
      if (!type.isUnion()) continue;
      unions.set(
        statement.name.text,
        type.types.map((member) => {
          const action = checker.getPropertyOfType(member, 'action');
          const literal = action && checker.getTypeOfSymbolAtLocation(action, statement);
          if (!literal?.isStringLiteral()) {
            throw new Error(`${statement.name.text}: ${checker.typeToString(member)} has no action literal`);
          }
          return literal.value;
        }),
      );
    }
  }
  return unions;
}

describe('the update actions against the official SDK', () => {
  let unions: Map<string, string[]>;
  beforeAll(() => {
    unions = sdkUnions();
  });

  it('reads the SDK unions', () => {
    expect(unions.get('StoreUpdateAction')).toEqual(expect.arrayContaining(['setName', 'addCountry']));
    expect(unions.get('StagedOrderUpdateAction')).toHaveLength(92);
    expect(unions.get('OrderEditUpdateAction')).toEqual(expect.arrayContaining(['addStagedAction']));
    expect(unions.get('ProjectUpdateAction')).toContain('changeMyBusinessUnitStatusOnCreation');
  });

  it('know the SDK union of every resource the platform updates with actions', () => {
    const unmapped = served
      .filter(({ union }) => !unions.has(union))
      .map(({ resource, union }) => ({
        resource,
        union,
      }));
    expect(unmapped).toEqual([]);
  });

  it.each(served.map((entry) => [entry.resource, entry.union, entry.actions] as const))(
    '%s serves every action of %s',
    (_resource, union, actions) => {
      const have = new Set(actions);
      const sdk = unions.get(union) ?? [];
      const missing = sdk.filter((action) => !have.has(action)).sort();
      expect(missing).toEqual([]);
      if (EXACT.has(union)) expect(actions.filter((action) => !sdk.includes(action))).toEqual([]);
    },
  );
});
