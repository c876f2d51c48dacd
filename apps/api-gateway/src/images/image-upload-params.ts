import { Errors } from '@commerce/errors';
import type { RawQuery } from '@commerce/query';

/** The query of `POST /{projectKey}/products/{id}/images`. */
export interface ImageUploadParams {
  filename?: string;
  variantId?: number;
  sku?: string;
  staged: boolean;
}

function single(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) {
    if (new Set(value).size > 1) throw Errors.invalidInput(`Parameter '${name}' is given more than once.`);
    return value[0];
  }
  return value;
}

/** Checks the upload's query at the edge: `variant` a positive integer, `staged` true or false (default true). */
export function imageUploadParamsOf(query: RawQuery): ImageUploadParams {
  const filename = single(query, 'filename');
  const variant = single(query, 'variant');
  const sku = single(query, 'sku');
  const staged = single(query, 'staged');
  const params: ImageUploadParams = { staged: true };
  if (filename !== undefined && filename !== '') params.filename = filename;
  if (variant !== undefined) {
    if (!/^[1-9]\d{0,8}$/.test(variant))
      throw Errors.invalidInput(
        `Malformed parameter: variant: must be a positive integer, got '${variant}'.`,
      );
    params.variantId = Number(variant);
  }
  if (sku !== undefined) params.sku = sku;
  if (params.variantId !== undefined && params.sku !== undefined) {
    throw Errors.invalidInput('Name the variant by variant or by sku, not both.');
  }
  if (staged !== undefined) {
    if (staged !== 'true' && staged !== 'false')
      throw Errors.invalidInput(`Malformed parameter: staged: must be true or false, got '${staged}'.`);
    params.staged = staged === 'true';
  }
  return params;
}
