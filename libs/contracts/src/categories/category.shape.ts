import { AssetShape } from '../common/asset.shape.js';
import {
  array,
  custom,
  key,
  localizedString,
  optional,
  reference,
  resource,
  string,
} from '../shapes/shape.js';

/** A Category (PSDK `Category`): `ancestors` is the path from the root to the parent. */
export const CategoryShape = resource('Category', {
  key: optional(key()),
  name: localizedString(),
  slug: localizedString(),
  description: optional(localizedString()),
  ancestors: array(reference('category')),
  parent: optional(reference('category')),
  orderHint: string(),
  externalId: optional(string()),
  metaTitle: optional(localizedString()),
  metaDescription: optional(localizedString()),
  metaKeywords: optional(localizedString()),
  custom: optional(custom()),
  assets: array(AssetShape),
});
