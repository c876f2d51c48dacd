import type { Asset } from '../common/asset.js';
import type { BaseResource, CustomFields, LocalizedString, Reference } from '../common/types.js';

/** A Category (PSDK `Category`): `ancestors` is the path from the root to the parent. */
export interface Category extends BaseResource {
  key?: string;
  name: LocalizedString;
  slug: LocalizedString;
  description?: LocalizedString;
  ancestors: Reference<'category'>[];
  parent?: Reference<'category'>;
  orderHint: string;
  externalId?: string;
  metaTitle?: LocalizedString;
  metaDescription?: LocalizedString;
  metaKeywords?: LocalizedString;
  custom?: CustomFields;
  assets: Asset[];
}
