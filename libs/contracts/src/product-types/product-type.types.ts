import type { Infer } from '../shapes/shape.js';
import type { AttributeDefinitionShape, AttributeTypeShape, ProductTypeShape } from './product-type.shape.js';

/** PSDK `AttributeLevelEnum`. */
export const ATTRIBUTE_LEVELS = ['Product', 'Variant'] as const;
/** PSDK `AttributeConstraintEnum`. */
export const ATTRIBUTE_CONSTRAINTS = ['None', 'Unique', 'CombinationUnique', 'SameForAll'] as const;
/** PSDK `TextInputHint`. */
export const TEXT_INPUT_HINTS = ['SingleLine', 'MultiLine'] as const;

/** PSDK `AttributeType` (`AttributeTypeShape`): a Set's element is any type but a Set. */
export type AttributeType = Infer<typeof AttributeTypeShape>;
/** The type a Set's elements have. */
export type AttributeElementType = Extract<AttributeType, { name: 'set' }>['elementType'];
/** PSDK `AttributeDefinition` (`AttributeDefinitionShape`). */
export type AttributeDefinition = Infer<typeof AttributeDefinitionShape>;
/** A ProductType (`ProductTypeShape`). */
export type ProductType = Infer<typeof ProductTypeShape>;
