import {
  CART_DISCOUNT_TARGET_TYPES,
  MoneyDto,
  type CartDiscountTarget,
  type CartDiscountValue,
  type PatternComponent,
  type RecurringOrderScope,
  type RequestContext,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { parseCartPredicate } from '@commerce/query';
import type { ReferenceResolver } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { centPrecisionOf, typedMoneyOf } from '../shared/money.js';

type Raw = Record<string, unknown>;

const APPLICATION_MODES = ['EvenDistribution', 'IndividualApplication', 'ProportionateDistribution'];
const SELECTION_MODES = ['Cheapest', 'MostExpensive'];

function positiveInteger(raw: Raw, field: string, path: string, required = true): number | undefined {
  const value = raw[field];
  if (value === undefined || value === null) {
    if (required) throw Errors.requiredField(`${path}.${field}`);
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw Errors.invalidField(`${path}.${field}`, value);
  return value;
}

function oneOf(raw: Raw, field: string, values: readonly string[], path: string): string | undefined {
  const value = raw[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !values.includes(value))
    throw Errors.invalidField(`${path}.${field}`, value, [...values]);
  return value;
}

function moneyList(raw: Raw, path: string): MoneyDto[] {
  const list = raw.money;
  if (!Array.isArray(list) || list.length === 0) throw Errors.requiredField(`${path}.money`);
  const money = list.map((entry) => parseDto(MoneyDto, entry));
  const currencies = new Set(money.map((m) => m.currencyCode));
  if (currencies.size !== money.length)
    throw Errors.invalidInput(`${path}.money holds at most one amount per currency.`);
  return money;
}

/** A predicate string checked now: refused with the position of the problem (checkout facts 4.13). */
export function checkedPredicate(
  predicate: unknown,
  kind: 'cart' | 'lineItem' | 'customLineItem',
  field: string,
): string {
  if (typeof predicate !== 'string') throw Errors.requiredField(field);
  parseCartPredicate(predicate, kind, field);
  return predicate;
}

/** A CartDiscountValueDraft checked and in the answer's form (money typed, the gift's product referenced). */
export async function cartDiscountValueOf(
  raw: Raw,
  resolver: ReferenceResolver,
  ctx: RequestContext,
): Promise<CartDiscountValue> {
  const applicationMode = oneOf(raw, 'applicationMode', APPLICATION_MODES, 'value');
  const mode = applicationMode
    ? {
        applicationMode: applicationMode as
          'EvenDistribution' | 'IndividualApplication' | 'ProportionateDistribution',
      }
    : {};
  switch (raw.type) {
    case 'relative': {
      const permyriad = positiveInteger(raw, 'permyriad', 'value')!;
      if (permyriad > 10_000) throw Errors.invalidField('value.permyriad', permyriad);
      return { type: 'relative', permyriad, ...mode };
    }
    case 'absolute':
      return {
        type: 'absolute',
        money: moneyList(raw, 'value').map((money) => centPrecisionOf(money, 'value.money')),
        ...mode,
      };
    case 'fixed':
      return {
        type: 'fixed',
        money: moneyList(raw, 'value').map((money) => typedMoneyOf(money, 'value.money')),
        ...mode,
      };
    case 'giftLineItem': {
      const product = raw.product as { id?: string; key?: string } | undefined;
      if (!product || typeof product !== 'object') throw Errors.requiredField('value.product');
      const variantId = positiveInteger(raw, 'variantId', 'value')!;
      const [found] = await resolver.require<{ id: string }>(ctx, 'product', [product]);
      const channel = async (field: 'supplyChannel' | 'distributionChannel') => {
        const identifier = raw[field] as { id?: string; key?: string } | undefined;
        if (!identifier) return {};
        const [resolved] = await resolver.require<{ id: string }>(ctx, 'channel', [identifier]);
        return { [field]: { typeId: 'channel' as const, id: resolved.id } };
      };
      return {
        type: 'giftLineItem',
        product: { typeId: 'product', id: found.id },
        variantId,
        ...(await channel('supplyChannel')),
        ...(await channel('distributionChannel')),
      };
    }
    default:
      throw Errors.invalidField('value.type', raw.type, ['relative', 'absolute', 'fixed', 'giftLineItem']);
  }
}

function patternOf(raw: unknown, path: string): PatternComponent {
  if (typeof raw !== 'object' || raw === null) throw Errors.requiredField(path);
  const component = raw as Raw;
  const type = oneOf(component, 'type', ['CountOnLineItemUnits', 'CountOnCustomLineItemUnits'], path);
  if (!type) throw Errors.requiredField(`${path}.type`);
  const kind = type === 'CountOnLineItemUnits' ? 'lineItem' : 'customLineItem';
  const counts: Partial<PatternComponent> = {};
  for (const field of ['minCount', 'maxCount', 'excludeCount'] as const) {
    const value = positiveInteger(component, field, path, false);
    if (value !== undefined) counts[field] = value;
  }
  return {
    type: type as PatternComponent['type'],
    predicate: checkedPredicate(component.predicate, kind, `${path}.predicate`),
    ...counts,
  };
}

/** A CartDiscountTarget checked (its predicates parse; multi-buy quantities fit). */
export function cartDiscountTargetOf(raw: Raw): CartDiscountTarget {
  switch (raw.type) {
    case 'lineItems':
    case 'customLineItems':
      return {
        type: raw.type,
        predicate: checkedPredicate(
          raw.predicate,
          raw.type === 'lineItems' ? 'lineItem' : 'customLineItem',
          'target.predicate',
        ),
      };
    case 'shipping':
    case 'totalPrice':
      return { type: raw.type };
    case 'multiBuyLineItems':
    case 'multiBuyCustomLineItems': {
      const triggerQuantity = positiveInteger(raw, 'triggerQuantity', 'target')!;
      const discountedQuantity = positiveInteger(raw, 'discountedQuantity', 'target')!;
      if (triggerQuantity < 1) throw Errors.invalidField('target.triggerQuantity', triggerQuantity);
      if (discountedQuantity < 1 || discountedQuantity > triggerQuantity)
        throw Errors.invalidInput('target.discountedQuantity must be between 1 and triggerQuantity.');
      const maxOccurrence = positiveInteger(raw, 'maxOccurrence', 'target', false);
      return {
        type: raw.type,
        predicate: checkedPredicate(
          raw.predicate,
          raw.type === 'multiBuyLineItems' ? 'lineItem' : 'customLineItem',
          'target.predicate',
        ),
        triggerQuantity,
        discountedQuantity,
        ...(maxOccurrence !== undefined ? { maxOccurrence } : {}),
        selectionMode: (oneOf(raw, 'selectionMode', SELECTION_MODES, 'target') ?? 'Cheapest') as 'Cheapest',
      };
    }
    case 'pattern': {
      const list = (field: 'triggerPattern' | 'targetPattern') => {
        const value = raw[field];
        if (!Array.isArray(value)) throw Errors.requiredField(`target.${field}`);
        return value.map((entry, index) => patternOf(entry, `target.${field}[${index}]`));
      };
      const maxOccurrence = positiveInteger(raw, 'maxOccurrence', 'target', false);
      const targetPattern = list('targetPattern');
      if (targetPattern.length === 0) throw Errors.requiredField('target.targetPattern');
      return {
        type: 'pattern',
        triggerPattern: list('triggerPattern'),
        targetPattern,
        ...(maxOccurrence !== undefined ? { maxOccurrence } : {}),
        selectionMode: (oneOf(raw, 'selectionMode', SELECTION_MODES, 'target') ?? 'Cheapest') as 'Cheapest',
      };
    }
    default:
      throw Errors.invalidField('target.type', raw.type, [...CART_DISCOUNT_TARGET_TYPES]);
  }
}

/** Value and target together: a gift has no target, every other value needs one; multi-buy takes no absolute. */
export function checkValueAndTarget(value: CartDiscountValue, target: CartDiscountTarget | undefined): void {
  if (value.type === 'giftLineItem') {
    if (target) throw Errors.invalidInput('A giftLineItem cart discount has no target.');
    return;
  }
  if (!target) throw Errors.requiredField('target');
  if (value.type === 'absolute' && target.type.startsWith('multiBuy'))
    throw Errors.invalidInput('An absolute value does not apply to multi-buy targets.');
  // SDK CartDiscountChangeTargetAction: a relative value's applicationMode needs a pattern target, and the
  // distribution modes of a relative or fixed value a pattern with a triggerPattern.
  const mode = value.applicationMode;
  if (value.type === 'absolute' || !mode) return;
  if (value.type === 'relative' && target.type !== 'pattern')
    throw Errors.invalidOperation('A relative value has an applicationMode only with a pattern target.');
  if (mode === 'IndividualApplication') return;
  if (target.type !== 'pattern' || target.triggerPattern.length === 0)
    throw Errors.invalidOperation(
      `applicationMode ${mode} needs a pattern target with a non-empty triggerPattern.`,
    );
}

/**
 * A RecurringOrderScopeDraft as stored. `policiesOf` resolves ApplicableRecurrencePolicies' identifiers to
 * policy ids (a missing one is ReferencedResourceNotFound).
 */
export async function recurringOrderScopeOf(
  raw: Raw | undefined,
  policiesOf: (identifiers: ({ id: string } | { key: string })[]) => Promise<string[]>,
): Promise<RecurringOrderScope> {
  if (!raw) return { type: 'NonRecurringOrdersOnly' };
  switch (raw.type) {
    case 'NonRecurringOrdersOnly':
    case 'AnyOrder':
    case 'RecurringOrdersOnly':
      return { type: raw.type };
    case 'ApplicableRecurrencePolicies': {
      const policies = raw.recurrencePolicies;
      if (!Array.isArray(policies) || policies.length === 0)
        throw Errors.invalidOperation(
          'recurringOrderScope ApplicableRecurrencePolicies needs at least one recurrence policy.',
        );
      const identifiers = policies.map((policy: unknown, index) => {
        const { id, key } = (policy ?? {}) as { id?: unknown; key?: unknown };
        if ((typeof id === 'string') === (typeof key === 'string'))
          throw Errors.invalidInput(
            `recurringOrderScope.recurrencePolicies[${index}] needs either id or key.`,
          );
        return typeof id === 'string' ? { id } : { key: key as string };
      });
      const ids = await policiesOf(identifiers);
      return {
        type: 'ApplicableRecurrencePolicies',
        recurrencePolicies: [...new Set(ids)].map((id) => ({ typeId: 'recurrence-policy' as const, id })),
      };
    }
    default:
      throw Errors.invalidField('recurringOrderScope.type', raw.type, [
        'NonRecurringOrdersOnly',
        'AnyOrder',
        'RecurringOrdersOnly',
        'ApplicableRecurrencePolicies',
      ]);
  }
}

/** validFrom before validUntil when both are given. */
export function checkValidity(validFrom: string | undefined, validUntil: string | undefined): void {
  if (validFrom && validUntil && Date.parse(validFrom) >= Date.parse(validUntil))
    throw Errors.invalidInput('validFrom must be before validUntil.');
}
