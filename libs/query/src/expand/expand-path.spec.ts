import { ApiError } from '@commerce/errors';
import { parseExpand, type ExpandSegment } from './expand-path.js';

const seg = (field: string, ...selectors: ('*' | number)[]): ExpandSegment => ({ field, selectors });

function errorOf(path: string): ApiError {
  try {
    parseExpand([path]);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected '${path}' to be rejected`);
}

describe(parseExpand.name, () => {
  it.each<[string, ExpandSegment[]]>([
    ['customerGroup', [seg('customerGroup')]],
    ['distributionChannels[*]', [seg('distributionChannels', '*')]],
    ['distributionChannels[0]', [seg('distributionChannels', 0)]],
    ['custom.type', [seg('custom'), seg('type')]],
    ['productSelections[*].productSelection', [seg('productSelections', '*'), seg('productSelection')]],
    ['nested[*][*].ref', [seg('nested', '*', '*'), seg('ref')]],
    ['nested[1][*].ref', [seg('nested', 1, '*'), seg('ref')]],
    ['distributionChannels[*].custom.type', [seg('distributionChannels', '*'), seg('custom'), seg('type')]],
    ['custom.fields.relatedStore', [seg('custom'), seg('fields'), seg('relatedStore')]],
    ['custom.fields.related-stores[*]', [seg('custom'), seg('fields'), seg('related-stores', '*')]],
    ['custom.fields.1st', [seg('custom'), seg('fields'), seg('1st')]],
    [
      'masterData.current.masterVariant.attributes[*].value',
      [seg('masterData'), seg('current'), seg('masterVariant'), seg('attributes', '*'), seg('value')],
    ],
    ['variants[*].attributes[*].value[*]', [seg('variants', '*'), seg('attributes', '*'), seg('value', '*')]],
    ['parent.obj.parent', [seg('parent'), seg('obj'), seg('parent')]],
  ])('parses %s', (source, segments) => {
    expect(parseExpand([source])).toEqual([{ source, segments }]);
  });

  it('parses every path it is given', () => {
    expect(parseExpand(['a', 'b[*]']).map((p) => p.source)).toEqual(['a', 'b[*]']);
    expect(parseExpand([])).toEqual([]);
  });

  it.each<[string, string]>([
    ['', `Invalid expansion path '': it must have 1 to 500 characters.`],
    ['a.', `Invalid expansion path 'a.': '' is not a field name with optional [*] or [n].`],
    ['.a', `Invalid expansion path '.a': '' is not a field name with optional [*] or [n].`],
    ['a..b', `Invalid expansion path 'a..b': '' is not a field name with optional [*] or [n].`],
    ['a[]', `Invalid expansion path 'a[]': 'a[]' is not a field name with optional [*] or [n].`],
    ['a[x]', `Invalid expansion path 'a[x]': 'a[x]' is not a field name with optional [*] or [n].`],
    ['a[-1]', `Invalid expansion path 'a[-1]': 'a[-1]' is not a field name with optional [*] or [n].`],
    ['a[*', `Invalid expansion path 'a[*': 'a[*' is not a field name with optional [*] or [n].`],
    ['[*]', `Invalid expansion path '[*]': '[*]' is not a field name with optional [*] or [n].`],
    ['a b', `Invalid expansion path 'a b': 'a b' is not a field name with optional [*] or [n].`],
    [
      '...attributes[*].value',
      `Invalid expansion path '...attributes[*].value': '' is not a field name with optional [*] or [n].`,
    ],
    [
      Array(22).fill('a').join('.'),
      `Invalid expansion path '${Array(22).fill('a').join('.')}': it has more than 20 segments.`,
    ],
    ['a.obj.b.obj.c.obj.d', `The expansion path 'a.obj.b.obj.c.obj.d' goes through more than 3 references.`],
  ])('rejects %j', (path, message) => {
    const error = errorOf(path);
    expect(error.status).toBe(400);
    expect(error.code).toBe('InvalidInput');
    expect(error.message).toBe(`Malformed parameter: expand: ${message}`);
  });

  it('rejects an overlong path', () => {
    expect(errorOf('a'.repeat(501)).message).toContain('it must have 1 to 500 characters');
  });
});
