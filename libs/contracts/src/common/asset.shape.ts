import {
  array,
  custom,
  inGraphqlAs,
  integer,
  localizedString,
  object,
  optional,
  string,
} from '../shapes/shape.js';

/** A file of a Category or a product variant (PSDK `Asset`). */
export const AssetShape = object('Asset', {
  id: string(),
  sources: array(
    object('AssetSource', {
      uri: string(),
      key: optional(string()),
      dimensions: optional(
        object('AssetDimensions', { w: inGraphqlAs('width', integer()), h: inGraphqlAs('height', integer()) }),
      ),
      contentType: optional(string()),
    }),
  ),
  name: localizedString(),
  description: optional(localizedString()),
  tags: optional(array(string())),
  custom: optional(custom()),
  key: optional(string()),
});
