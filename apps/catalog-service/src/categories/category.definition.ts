import { CategoryResource } from '@commerce/contracts';
import { CategoryDraftDto, type Category } from '@commerce/contracts';
import {
  action,
  customFieldActions,
  resolveCustomFields,
  type ActionTable,
  type ResourceDefinition,
} from '@commerce/resources';
import { assetChanges, assetOf, checkAssetKeys } from '../shared/assets.js';
import type { CatalogDeps } from '../shared/catalog-deps.js';
import { categoriesTable } from './categories.table.js';
import { categoryActions } from './category-actions.js';
import { removeCategoriesFromProducts } from './category-products.js';
import { categoryOf, placementUnder } from './category-tree.js';

export const CATEGORY_ENGINE = Symbol('CATEGORY_ENGINE');

/**
 * The live API gives a Category without `orderHint` one of its own; ours is a decimal below 1 that grows
 * with time, so Categories created later sort after earlier ones.
 */
export function defaultOrderHint(now = Date.now()): string {
  return `0.${String(now).padStart(16, '0')}`;
}

function categoryAssetActions(deps: Pick<CatalogDeps, 'resolver'>): ActionTable<Category> {
  return Object.fromEntries(
    Object.entries(assetChanges(deps.resolver)).map(([name, { dto, prepare, change }]) => [
      name,
      action(dto, async (category: Category, raw, context) => {
        const prepared = prepare ? await prepare(raw, context, category.assets) : undefined;
        return { resource: { ...category, assets: change(category.assets, raw, prepared) } };
      }),
    ]),
  );
}

/**
 * Categories: a tree (`parent`, `ancestors` from the root), slugs unique per locale in the project, assets
 * and custom fields. Deleting a Category deletes its whole subtree, as the live API does.
 */
export function defineCategory({
  resolver,
}: Pick<CatalogDeps, 'resolver'>): ResourceDefinition<Category, CategoryDraftDto> {
  return {
    typeId: CategoryResource.typeId,
    table: categoriesTable,
    draft: CategoryDraftDto,
    actions: {
      ...categoryActions,
      ...categoryAssetActions({ resolver }),
      ...customFieldActions<Category>('category', resolver),
    },
    async build(draft, { ctx, db }) {
      const parent = draft.parent ? await categoryOf(db, ctx, draft.parent) : undefined;
      const custom = await resolveCustomFields(resolver, ctx, 'category', draft.custom);
      const assets = [];
      for (const asset of draft.assets ?? []) assets.push(await assetOf(resolver, ctx, asset));
      return {
        ...(draft.key ? { key: draft.key } : {}),
        name: draft.name,
        slug: draft.slug,
        ...(draft.description ? { description: draft.description } : {}),
        ...(parent ? placementUnder(parent) : { ancestors: [] }),
        orderHint: draft.orderHint ?? defaultOrderHint(),
        ...(draft.externalId !== undefined ? { externalId: draft.externalId } : {}),
        ...(draft.metaTitle ? { metaTitle: draft.metaTitle } : {}),
        ...(draft.metaDescription ? { metaDescription: draft.metaDescription } : {}),
        ...(draft.metaKeywords ? { metaKeywords: draft.metaKeywords } : {}),
        ...(custom ? { custom } : {}),
        assets: checkAssetKeys(assets),
      };
    },
    createdMessage: (category) => ({ type: 'CategoryCreated', category }),
    identifiers: (category) => ({
      ...(category.key ? { key: category.key } : {}),
      ...(category.externalId ? { externalId: category.externalId } : {}),
      slug: category.slug,
    }),
    async beforeDelete(category, { ctx }) {
      return async (tx) => {
        const descendants = await categoriesTable.descendants(tx, ctx.projectKey, category.id, true);
        for (const descendant of descendants) {
          await categoriesTable.delete(tx, ctx.projectKey, descendant.id, descendant.version);
        }
        const ids = [category, ...descendants].map((c) => c.id);
        await removeCategoriesFromProducts(tx, ctx.projectKey, ids);
      };
    },
  };
}
