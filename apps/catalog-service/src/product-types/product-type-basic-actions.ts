import {
  ChangeProductTypeDescriptionAction,
  ChangeProductTypeNameAction,
  SetProductTypeKeyAction,
  type ProductType,
} from '@commerce/contracts';
import { action, type ActionTable } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';

/** changeName, changeDescription and setKey. */
export const productTypeBasicActions = {
  changeName: action(ChangeProductTypeNameAction, (type: ProductType, { name }) => ({
    resource: { ...type, name },
  })),
  changeDescription: action(ChangeProductTypeDescriptionAction, (type: ProductType, { description }) => ({
    resource: { ...type, description },
  })),
  setKey: action(SetProductTypeKeyAction, (type: ProductType, { key }) => ({
    resource: withOptional(type, 'key', key),
  })),
} satisfies ActionTable<ProductType>;
