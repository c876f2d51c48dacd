import { jsonText, jsonTextOf, parseJsonText, rememberJsonText } from './json-text.js';

it('answers the text a document was read or written as, for that object only', () => {
  const read = parseJsonText<{ id: string }>('{"id": "a", "version": 1}');
  expect(read).toEqual({ id: 'a', version: 1 });
  expect(jsonTextOf(read)).toBe('{"id": "a", "version": 1}');
  expect(jsonTextOf({ ...read })).toBeUndefined();
  expect(jsonText({ ...read })).toBe('{"id":"a","version":1}');
  expect(jsonTextOf('text')).toBeUndefined();
  expect(jsonTextOf(null)).toBeUndefined();
});

it('throws in the test runs (COMMERCE_JSON_TEXT_CHECK) when a document changed after its text was remembered', () => {
  expect(process.env.COMMERCE_JSON_TEXT_CHECK).toBe('1');
  const written = rememberJsonText({ id: 'a', lineItems: [{ quantity: 1 }] }, '{"id":"a","lineItems":[{"quantity":1}]}');
  expect(jsonTextOf(written)).toBe('{"id":"a","lineItems":[{"quantity":1}]}');
  written.lineItems[0].quantity = 2;
  expect(() => jsonTextOf(written)).toThrow(/changed after its JSON text was remembered/);
});
