import type { Asset, AssetDraftDto, CustomFields, RequestContext, Type } from '@commerce/contracts';
import {
  AddAssetAction,
  ChangeAssetNameAction,
  ChangeAssetOrderAction,
  CustomFieldsDraftDto,
  RemoveAssetAction,
  SetAssetCustomFieldAction,
  SetAssetCustomTypeAction,
  SetAssetDescriptionAction,
  SetAssetKeyAction,
  SetAssetSourcesAction,
  SetAssetTagsAction,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import {
  checkCustomField,
  resolveCustomFields,
  type ActionContext,
  type ReferenceResolver,
} from '@commerce/resources';
import { randomUUID } from 'node:crypto';
import { withOptional } from './fields.js';

/** An Asset from its draft, with a new id and its custom fields checked against their Type. */
export async function assetOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  draft: AssetDraftDto,
): Promise<Asset> {
  const custom = await resolveCustomFields(resolver, ctx, 'asset', draft.custom);
  return {
    id: randomUUID(),
    sources: draft.sources.map((source) => ({ ...source })),
    name: draft.name,
    ...(draft.description ? { description: draft.description } : {}),
    ...(draft.tags ? { tags: draft.tags } : {}),
    ...(custom ? { custom } : {}),
    ...(draft.key ? { key: draft.key } : {}),
  };
}

/** Asset keys are unique within one list of assets. */
export function checkAssetKeys(assets: Asset[]): Asset[] {
  const keys = assets.flatMap((asset) => (asset.key ? [asset.key] : []));
  const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
  if (duplicate) throw Errors.duplicateField('assets.key', duplicate);
  return assets;
}

/** The index of the asset named by `assetId` or `assetKey`; a missing one is `InvalidOperation`. */
export function assetIndex(assets: Asset[], by: { assetId?: string; assetKey?: string }): number {
  if (by.assetId === undefined && by.assetKey === undefined) {
    throw Errors.invalidInput('Either assetId or assetKey is required to name an asset.');
  }
  const index = assets.findIndex((asset) =>
    by.assetId !== undefined ? asset.id === by.assetId : asset.key === by.assetKey,
  );
  if (index < 0) {
    const name = by.assetId !== undefined ? `id '${by.assetId}'` : `key '${by.assetKey}'`;
    throw Errors.invalidOperation(`There is no asset with ${name}.`);
  }
  return index;
}

function replaceAsset(
  assets: Asset[],
  by: { assetId?: string; assetKey?: string },
  change: (asset: Asset) => Asset,
): Asset[] {
  const index = assetIndex(assets, by);
  return checkAssetKeys(assets.map((asset, i) => (i === index ? change(asset) : asset)));
}

/**
 * One asset update action: `prepare` does the asynchronous part once (a new asset and its id, custom fields
 * checked against their Type), `change` applies it to one list of assets. A product applies the same
 * prepared change to the staged and, with `staged: false`, to the current variant.
 */
export interface AssetChange<A extends object = object, P = unknown> {
  dto: new () => A;
  /** `assets`: the list the action targets (a product's staged variant's). */
  prepare?(action: A, context: ActionContext, assets: Asset[]): Promise<P>;
  change(assets: Asset[], action: A, prepared: P): Asset[];
}

function assetChange<A extends object, P = undefined>(
  dto: new () => A,
  change: (assets: Asset[], action: A, prepared: P) => Asset[],
  prepare?: (action: A, context: ActionContext, assets: Asset[]) => Promise<P>,
): AssetChange {
  return { dto, change, prepare };
}

/** The asset update actions of the API, the same for Categories and product variants. */
export function assetChanges(resolver: ReferenceResolver): Record<string, AssetChange> {
  return {
    addAsset: assetChange(
      AddAssetAction,
      (assets, { position }, added: Asset) => {
        if (position !== undefined && position > assets.length) {
          throw Errors.invalidOperation(`position must be between 0 and ${assets.length}.`);
        }
        const at = position ?? assets.length;
        return checkAssetKeys([...assets.slice(0, at), added, ...assets.slice(at)]);
      },
      ({ asset }, { ctx }) => assetOf(resolver, ctx, asset),
    ),
    removeAsset: assetChange(RemoveAssetAction, (assets, by) => {
      const index = assetIndex(assets, by);
      return assets.filter((_, i) => i !== index);
    }),
    changeAssetName: assetChange(ChangeAssetNameAction, (assets, { name, ...by }) =>
      replaceAsset(assets, by, (asset) => ({ ...asset, name })),
    ),
    changeAssetOrder: assetChange(ChangeAssetOrderAction, (assets, { assetOrder }) => {
      const ids = assets.map((asset) => asset.id);
      if (assetOrder.length !== ids.length || !ids.every((id) => assetOrder.includes(id))) {
        throw Errors.invalidOperation('assetOrder must name every asset id exactly once.');
      }
      return assetOrder.map((id) => assets.find((asset) => asset.id === id)!);
    }),
    setAssetDescription: assetChange(SetAssetDescriptionAction, (assets, { description, ...by }) =>
      replaceAsset(assets, by, (asset) => withOptional(asset, 'description', description)),
    ),
    setAssetKey: assetChange(SetAssetKeyAction, (assets, { assetId, assetKey }) =>
      replaceAsset(assets, { assetId }, (asset) => withOptional(asset, 'key', assetKey)),
    ),
    setAssetSources: assetChange(SetAssetSourcesAction, (assets, { sources, ...by }) =>
      replaceAsset(assets, by, (asset) => ({ ...asset, sources: sources.map((source) => ({ ...source })) })),
    ),
    setAssetTags: assetChange(SetAssetTagsAction, (assets, { tags, ...by }) =>
      replaceAsset(assets, by, (asset) => withOptional(asset, 'tags', tags)),
    ),
    setAssetCustomType: assetChange(
      SetAssetCustomTypeAction,
      (assets, { assetId, assetKey }, custom: CustomFields | undefined) =>
        replaceAsset(assets, { assetId, assetKey }, (asset) => withOptional(asset, 'custom', custom)),
      ({ type, fields }, { ctx }) =>
        type
          ? resolveCustomFields(
              resolver,
              ctx,
              'asset',
              Object.assign(new CustomFieldsDraftDto(), { type, fields: fields ?? {} }),
            )
          : Promise.resolve(undefined),
    ),
    setAssetCustomField: assetChange(
      SetAssetCustomFieldAction,
      (assets, { name, value, ...by }, type: Type | undefined) =>
        replaceAsset(assets, by, (asset) => {
          if (!asset.custom) throw Errors.invalidOperation('The asset has no custom type; set one first.');
          let fields = { ...asset.custom.fields };
          if (value === undefined || value === null) {
            if (!Object.hasOwn(fields, name))
              throw Errors.invalidOperation(`The custom field '${name}' does not exist.`);
            delete fields[name];
          } else {
            if (type?.id !== asset.custom.type.id)
              throw Errors.invalidOperation('The asset changed its type.');
            checkCustomField(type, name, value);
            fields = { ...fields, [name]: value };
          }
          return { ...asset, custom: { ...asset.custom, fields } };
        }),
      async (by, { ctx }, assets) => {
        const custom = assets[assetIndex(assets, by)].custom;
        if (!custom) return undefined;
        const [type] = await resolver.require<Type & Record<string, unknown>>(ctx, 'type', [custom.type]);
        return type;
      },
    ),
  };
}
