import { OrderEditShape, shape } from '@commerce/contracts';
import { baseResourceSpec, customFieldsSpec } from './schema.js';
import { querySchemaOf } from './shape-schema.js';
import { SqlParams } from './sql-params.js';
import { compileWhere } from './where/compile-where.js';

describe(querySchemaOf.name, () => {
  it("maps every field of a shape to what where and sort accept, the base fields on the table's columns", () => {
    const schema = querySchemaOf(
      shape.resource('Widget', {
        key: shape.optional(shape.key()),
        name: shape.localizedString(),
        rank: shape.integer(),
        mode: shape.enumOf('Mode', ['A']),
        owner: shape.reference('store'),
        at: shape.geoJsonPoint(),
        parts: shape.array(shape.object('Part', { weight: shape.number(), value: shape.json() })),
        values: shape.map(shape.string()),
        custom: shape.optional(shape.custom()),
      }),
    );
    expect(schema).toEqual({
      ...baseResourceSpec,
      name: { type: 'localizedString' },
      rank: { type: 'number' },
      mode: { type: 'string' },
      owner: { type: 'reference' },
      at: { type: 'geoJsonPoint' },
      parts: {
        type: 'array',
        of: { type: 'object', fields: { weight: { type: 'number' }, value: { type: 'any' } } },
      },
      values: { type: 'map', of: { type: 'string' } },
      custom: customFieldsSpec,
    });
    expect(schema.key).toEqual({ type: 'string', column: 'key' });
  });

  it("accepts every variant's fields of a union, a field the variants type differently as any value", () => {
    const schema = querySchemaOf(
      shape.resource('Widget', {
        kind: shape.union('Kind', 'name', {
          plain: shape.object('PlainKind', {
            values: shape.array(shape.object('V', { label: shape.string() })),
          }),
          localized: shape.object('LocalizedKind', {
            values: shape.array(shape.object('L', { label: shape.localizedString() })),
            referenceTypeId: shape.string(),
          }),
        }),
      }),
    );
    expect(schema.kind).toEqual({
      type: 'object',
      fields: {
        name: { type: 'string' },
        values: { type: 'array', of: { type: 'object', fields: { label: { type: 'any' } } } },
        referenceTypeId: { type: 'string' },
      },
    });
  });

  it("queries an order edit's result, a union, by its type and by the fields of its variants", () => {
    const schema = querySchemaOf(OrderEditShape);
    const result = schema.result as { type: 'object'; fields: Record<string, unknown> };
    expect(result.fields.type).toEqual({ type: 'string' });
    expect(result.fields.appliedAt).toEqual({ type: 'datetime' });
    const params = new SqlParams();
    expect(compileWhere(['result(type = "Applied")'], {}, schema, params)).toBe('doc @> $1::jsonb');
    expect(params.values.map(String)).toEqual([JSON.stringify({ result: { type: 'Applied' } })]);
    expect(() =>
      compileWhere(['result(excerptAfterEdit(version > 1))'], {}, schema, new SqlParams()),
    ).not.toThrow();
    expect(() => compileWhere(['result(nothing = "x")'], {}, schema, new SqlParams())).toThrow();
  });

  it('writes a key reference out as its typeId and key', () => {
    const schema = querySchemaOf(shape.resource('Widget', { store: shape.keyReference('store') }));
    expect(schema.store).toEqual({
      type: 'object',
      fields: { typeId: { type: 'string' }, key: { type: 'string' } },
    });
  });
});
