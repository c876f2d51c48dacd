import { createHash } from 'node:crypto';
import { builtInStateId } from './built-in-states.js';

describe('builtInStateId', () => {
  it('names a built-in State by a UUID derived from its project and key, the same on every call', () => {
    const hex = createHash('sha256').update('built-in-state\u0000p1\u0000Initial').digest('hex');
    const expected = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
    expect(builtInStateId('p1', 'Initial')).toBe(expected);
    expect(builtInStateId('p1', 'Initial')).toBe(expected);
    expect(builtInStateId('p2', 'Initial')).not.toBe(expected);
    expect(builtInStateId('p1', 'Other')).not.toBe(expected);
  });
});
