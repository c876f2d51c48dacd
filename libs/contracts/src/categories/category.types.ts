import type { Infer } from '../shapes/shape.js';
import type { CategoryShape } from './category.shape.js';

/** A Category (`CategoryShape`): `ancestors` is the path from the root to the parent. */
export type Category = Infer<typeof CategoryShape>;
