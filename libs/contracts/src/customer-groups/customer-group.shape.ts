import { custom, type Infer, key, optional, resource, string } from '../shapes/shape.js';

/** Reference facts 4.3: the draft says `groupName`, the resource says `name` (unique per project). */
export const CustomerGroupShape = resource('CustomerGroup', {
  key: optional(key()),
  name: string(),
  custom: optional(custom()),
});

export type CustomerGroup = Infer<typeof CustomerGroupShape>;
