import {
  ChangeCategoryNameAction,
  ChangeCategoryOrderHintAction,
  ChangeCategoryParentAction,
  ChangeCategorySlugAction,
  SetCategoryExternalIdAction,
  SetCategoryKeyAction,
  SetCategoryLocalizedAction,
  type Category,
} from '@commerce/contracts';
import { action, type ActionHandler, type ActionTable } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { categoryOf, checkNoCycle, moveSubtree, placementUnder } from './category-tree.js';

type LocalizedField = 'description' | 'metaTitle' | 'metaDescription' | 'metaKeywords';

/** `setDescription`, `setMetaTitle`, ...: an absent value removes the field. */
const setLocalized = (field: LocalizedField): ActionHandler<Category> =>
  action(SetCategoryLocalizedAction, (category: Category, values) => ({
    resource: withOptional(category, field, values[field]),
  }));

/** The update actions of a Category besides its assets and custom fields. */
export const categoryActions: ActionTable<Category> = {
  changeName: action(ChangeCategoryNameAction, (category: Category, { name }) => ({
    resource: { ...category, name },
  })),

  changeSlug: action(ChangeCategorySlugAction, (category: Category, { slug }) => ({
    resource: { ...category, slug },
    messages: [{ type: 'CategorySlugChanged', slug, oldSlug: category.slug }],
  })),

  changeOrderHint: action(ChangeCategoryOrderHintAction, (category: Category, { orderHint }) => ({
    resource: { ...category, orderHint },
  })),

  changeParent: action(ChangeCategoryParentAction, async (category: Category, { parent }, { ctx, db }) => {
    const found = await categoryOf(db, ctx, parent);
    checkNoCycle(category, found);
    if (category.parent?.id === found.id) return { resource: category };
    const moved = { ...category, ...placementUnder(found) };
    return { resource: moved, write: moveSubtree(ctx, moved) };
  }),

  setDescription: setLocalized('description'),
  setMetaTitle: setLocalized('metaTitle'),
  setMetaDescription: setLocalized('metaDescription'),
  setMetaKeywords: setLocalized('metaKeywords'),

  setExternalId: action(SetCategoryExternalIdAction, (category: Category, { externalId }) => ({
    resource: withOptional(category, 'externalId', externalId),
  })),

  setKey: action(SetCategoryKeyAction, (category: Category, { key }) => ({
    resource: withOptional(category, 'key', key),
  })),
};
