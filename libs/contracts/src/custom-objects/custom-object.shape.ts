import { json, map, resource, string, typed } from '../shapes/shape.js';

/** PSDK `CustomObject`: any JSON `value` under a `container` and a `key` unique within it. */
export const CustomObjectShape = resource('CustomObject', {
  container: string({ column: 'container' }),
  key: string({ column: 'key' }),
  /** Any JSON; `where` may look into an object value (`value(size = 3)`). */
  value: typed<unknown>()(map(json())),
});
