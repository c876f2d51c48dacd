import { array, custom, integer, localizedString, object, optional, string } from '../shapes/shape.js';

/** A file of a Category or a product variant (PSDK `Asset`). */
export const AssetShape = object('Asset', {
  id: string(),
  sources: array(
    object('AssetSource', {
      uri: string(),
      key: optional(string()),
      dimensions: optional(object('AssetDimensions', { w: integer(), h: integer() })),
      contentType: optional(string()),
    }),
  ),
  name: localizedString(),
  description: optional(localizedString()),
  tags: optional(array(string())),
  custom: optional(custom()),
  key: optional(string()),
});
