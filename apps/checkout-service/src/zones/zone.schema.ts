import { baseResourceSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;

/** The fields of a Zone that `where` and `sort` may name. */
export const zoneQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  name: text,
  description: text,
  locations: { type: 'array', of: { type: 'object', fields: { country: text, state: text } } },
};
