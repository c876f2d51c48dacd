import { keysOfWhere } from './baseline-server.js';

describe(keysOfWhere.name, () => {
  it('reads the key predicates the bench sends', () => {
    expect(keysOfWhere('key in ("a", "b-1")')).toEqual(['a', 'b-1']);
    expect(keysOfWhere('key = "a"')).toEqual(['a']);
  });

  it('refuses anything else', () => {
    expect(keysOfWhere('name(en = "a")')).toBeUndefined();
    expect(keysOfWhere('key in ()')).toBeUndefined();
    expect(keysOfWhere('')).toBeUndefined();
  });
});
