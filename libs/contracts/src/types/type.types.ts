import type { Infer } from '../shapes/shape.js';
import type { FieldDefinitionShape, FieldTypeShape, TypeShape } from './type.shape.js';

/** PSDK `FieldType` (`FieldTypeShape`): a Set's element is any type but a Set. */
export type FieldType = Infer<typeof FieldTypeShape>;
/** The type a Set's elements have. */
export type FieldElementType = Extract<FieldType, { name: 'Set' }>['elementType'];
/** PSDK `FieldDefinition` (`FieldDefinitionShape`). */
export type FieldDefinition = Infer<typeof FieldDefinitionShape>;
/** A Type: the field definitions of custom fields (`TypeShape`). */
export type Type = Infer<typeof TypeShape>;
