import {
  AddTaxRateAction,
  ChangeTaxCategoryNameAction,
  RemoveTaxRateAction,
  ReplaceTaxRateAction,
  SetTaxCategoryDescriptionAction,
  SetTaxCategoryKeyAction,
  TaxCategoryDraftDto,
  type TaxCategory,
  TaxCategoryResource,
} from '@commerce/contracts';
import {
  action,
  type ActionTable,
  type ResourceDefinition,
  type DeclaredActionTable,
} from '@commerce/resources';
import { refuseIfProductsRefer } from '../shared/product-references.js';
import { withOptional } from '../shared/fields.js';
import { checkRates, rateIndex, taxRateOf } from './tax-rates.js';
import { taxCategoriesTable } from './tax-categories.table.js';

export const TAX_CATEGORY_ENGINE = Symbol('TAX_CATEGORY_ENGINE');

export const taxCategoryActions = {
  addTaxRate: action(AddTaxRateAction, (category: TaxCategory, { taxRate }) => ({
    resource: { ...category, rates: checkRates([...category.rates, taxRateOf(taxRate)]) },
  })),
  removeTaxRate: action(RemoveTaxRateAction, (category: TaxCategory, by) => {
    const index = rateIndex(category.rates, by);
    return { resource: { ...category, rates: category.rates.filter((_, i) => i !== index) } };
  }),
  replaceTaxRate: action(ReplaceTaxRateAction, (category: TaxCategory, { taxRate, ...by }) => {
    const index = rateIndex(category.rates, by);
    const rates = category.rates.map((rate, i) => (i === index ? taxRateOf(taxRate) : rate));
    return { resource: { ...category, rates: checkRates(rates) } };
  }),
  changeName: action(ChangeTaxCategoryNameAction, (category: TaxCategory, { name }) => ({
    resource: { ...category, name },
  })),
  setDescription: action(SetTaxCategoryDescriptionAction, (category: TaxCategory, { description }) => ({
    resource: withOptional(category, 'description', description),
  })),
  setKey: action(SetTaxCategoryKeyAction, (category: TaxCategory, { key }) => ({
    resource: withOptional(category, 'key', key),
  })),
} satisfies ActionTable<TaxCategory>;

/** Tax categories: rates by country and state, amounts 0..1, optionally made of sub-rates. */
export function defineTaxCategory(): ResourceDefinition<TaxCategory, TaxCategoryDraftDto> {
  return {
    typeId: TaxCategoryResource.typeId,
    table: taxCategoriesTable,
    draft: TaxCategoryDraftDto,
    actions: taxCategoryActions satisfies DeclaredActionTable<
      TaxCategory,
      typeof TaxCategoryResource.actions
    >,
    build: (draft) => ({
      ...(draft.key ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      rates: checkRates((draft.rates ?? []).map((rate) => taxRateOf(rate))),
    }),
    beforeDelete: async (category, { ctx, db }) =>
      refuseIfProductsRefer(db, ctx.projectKey, 'tax-category', { taxCategory: { id: category.id } }),
  };
}
