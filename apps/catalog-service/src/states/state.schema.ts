import { baseResourceSpec, type QuerySchema } from '@commerce/query';

const text = { type: 'string' } as const;

/** The fields of a State that `where` and `sort` may name. */
export const stateQuerySchema: QuerySchema = {
  ...baseResourceSpec,
  type: text,
  name: { type: 'localizedString' },
  description: { type: 'localizedString' },
  initial: { type: 'boolean' },
  builtIn: { type: 'boolean' },
  roles: { type: 'array', of: text },
  transitions: { type: 'array', of: { type: 'reference' } },
};
