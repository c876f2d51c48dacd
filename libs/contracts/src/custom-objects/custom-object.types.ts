import type { Infer } from '../shapes/shape.js';
import type { CustomObjectShape } from './custom-object.shape.js';

/** PSDK `CustomObject`: any JSON `value` under a `container` and a `key` unique within it (`CustomObjectShape`). */
export type CustomObject = Infer<typeof CustomObjectShape>;

/** How one Custom Object is addressed: by id (GraphQL, references) or by container and key (REST). */
export type CustomObjectRef = { id: string } | { container: string; key: string };

/** The answer of a create-or-update: the object, and whether it was new (201) or replaced (200). */
export interface CustomObjectPutResult {
  created: boolean;
  object: CustomObject;
}
