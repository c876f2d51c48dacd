import type {
  Cart,
  CartDiscount,
  CustomLineItem,
  DiscountCode,
  DiscountCodeInfo,
  DiscountGroup,
  LineItem,
  PatternComponent,
} from '@commerce/contracts';
import {
  compileCartPredicate,
  compileItemPredicate,
  type CartPredicateSubject,
  type CompiledCartPredicate,
  type ItemPredicateSubject,
} from '@commerce/query';
import {
  bySortOrderDescending,
  type CartDiscountRule,
  type DiscountTarget,
  type PatternPart,
} from '@commerce/pricing';

/** What a cart change read of the project's discounts: the active Cart Discounts and the codes it names. */
export interface CartDiscountData {
  /** The project's key: a gift line item starts in the project's Initial state. */
  projectKey: string;
  cartDiscounts: readonly CartDiscount[];
  /** The project's active Discount Groups: a discount in a group none of these is does not apply. */
  discountGroups?: readonly DiscountGroup[];
  codes: readonly DiscountCode[];
  /** Orders that used each code so far: all of them, and those of the cart's customer. */
  applications?: ReadonlyMap<string, { total: number; mine: number }>;
}

export type CodeState = DiscountCodeInfo['state'];

/** Compiled predicates by source text: a discount's predicates are parsed once per process, not per change. */
const compiled = new Map<string, CompiledCartPredicate<never>>();
const MAX_COMPILED = 5_000;

function cached<S>(key: string, compile: () => CompiledCartPredicate<S>): CompiledCartPredicate<S> {
  let entry = compiled.get(key) as CompiledCartPredicate<S> | undefined;
  if (!entry) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    entry = compile();
    compiled.set(key, entry);
  }
  return entry;
}

const cartPredicate = (source: string) => cached(`cart\u0000${source}`, () => compileCartPredicate(source));
const itemPredicate = (source: string, kind: 'lineItem' | 'customLineItem') =>
  cached(`${kind}\u0000${source}`, () => compileItemPredicate(source, kind));

const fieldsOf = (custom: { fields?: Record<string, unknown> } | undefined) => custom?.fields ?? {};

function lineItemSubject(item: LineItem): ItemPredicateSubject {
  const attributes = Object.fromEntries(
    (item.variant.attributes ?? []).map((attribute) => [attribute.name, attribute.value]),
  );
  return {
    ...item,
    sku: item.variant.sku,
    variantId: item.variant.id,
    product: { id: item.productId, key: item.productKey },
    attributes,
    price: item.price.discounted?.value ?? item.price.value,
    custom: fieldsOf(item.custom),
  };
}

function customLineItemSubject(item: CustomLineItem): ItemPredicateSubject {
  return { ...item, custom: fieldsOf(item.custom) };
}

/** The cart as its predicates read it (custom fields by name, `currency`, its items as subjects). */
export function cartSubject(cart: Cart): CartPredicateSubject {
  return {
    ...cart,
    currency: cart.totalPrice.currencyCode,
    customer: { id: cart.customerId, email: cart.customerEmail, customerGroup: cart.customerGroup },
    custom: fieldsOf(cart.custom),
    // A gift line item is the discounts' own doing: predicates read the cart without it.
    lineItems: cart.lineItems.filter((item) => item.lineItemMode !== 'GiftLineItem').map(lineItemSubject),
    customLineItems: cart.customLineItems.map(customLineItemSubject),
  };
}

/** Cents a cart discount took off an item: every group's discounts times its quantity. */
function itemDiscount(item: LineItem | CustomLineItem): number {
  return item.discountedPricePerQuantity.reduce(
    (sum, group) =>
      sum +
      group.quantity *
        group.discountedPrice.includedDiscounts.reduce((off, d) => off + d.discountedAmount.centAmount, 0),
    0,
  );
}

/**
 * A priced cart as it was before its cart discounts (what predicates read, checkout facts 4.3), from what it
 * carries: each item's total with its discounts added back and no discounted groups, the total with the item,
 * shipping and total price discounts added back. Gift line items stay (predicates skip them). For the order
 * creation check, which reads the stored cart without pricing it again.
 */
export function beforeCartDiscounts(cart: Cart): Cart {
  const restore = <T extends LineItem | CustomLineItem>(item: T): T =>
    item.discountedPricePerQuantity.length === 0 ||
    ('lineItemMode' in item && item.lineItemMode === 'GiftLineItem')
      ? item
      : {
          ...item,
          totalPrice: { ...item.totalPrice, centAmount: item.totalPrice.centAmount + itemDiscount(item) },
          discountedPricePerQuantity: [],
        };
  const lineItems = cart.lineItems.map(restore);
  const customLineItems = cart.customLineItems.map(restore);
  const off = (amounts: { discountedAmount: { centAmount: number } }[] | undefined) =>
    (amounts ?? []).reduce((sum, d) => sum + d.discountedAmount.centAmount, 0);
  const added =
    [...cart.lineItems, ...cart.customLineItems].reduce(
      (sum, item) =>
        sum + ('lineItemMode' in item && item.lineItemMode === 'GiftLineItem' ? 0 : itemDiscount(item)),
      0,
    ) +
    off(cart.shippingInfo?.discountedPrice?.includedDiscounts) +
    cart.shipping.reduce(
      (sum, entry) => sum + off(entry.shippingInfo.discountedPrice?.includedDiscounts),
      0,
    ) +
    (cart.discountOnTotalPrice?.discountedAmount.centAmount ?? 0);
  return {
    ...cart,
    lineItems,
    customLineItems,
    totalPrice: { ...cart.totalPrice, centAmount: cart.totalPrice.centAmount + added },
  };
}

const validNow = (resource: { validFrom?: string; validUntil?: string }, now: number) =>
  (!resource.validFrom || Date.parse(resource.validFrom) <= now) &&
  (!resource.validUntil || Date.parse(resource.validUntil) > now);

function targetOf(discount: CartDiscount, cart: Cart): DiscountTarget | undefined {
  const target = discount.target;
  if (!target) return undefined;
  const matcher = (predicate: string, custom: boolean) => {
    const test = itemPredicate(predicate, custom ? 'customLineItem' : 'lineItem');
    const subjects = new Map<string, ItemPredicateSubject>(
      custom
        ? cart.customLineItems.map((item) => [item.id, customLineItemSubject(item)])
        : cart.lineItems.map((item) => [item.id, lineItemSubject(item)]),
    );
    return (id: string) => {
      const subject = subjects.get(id);
      return subject !== undefined && test.matches(subject);
    };
  };
  switch (target.type) {
    case 'lineItems':
    case 'customLineItems':
      return { type: target.type, matches: matcher(target.predicate, target.type === 'customLineItems') };
    case 'shipping':
    case 'totalPrice':
      return { type: target.type };
    case 'multiBuyLineItems':
    case 'multiBuyCustomLineItems':
      return {
        type: target.type,
        matches: matcher(target.predicate, target.type === 'multiBuyCustomLineItems'),
        triggerQuantity: target.triggerQuantity,
        discountedQuantity: target.discountedQuantity,
        ...(target.maxOccurrence !== undefined ? { maxOccurrence: target.maxOccurrence } : {}),
        selectionMode: target.selectionMode,
      };
    case 'pattern': {
      const part = (component: PatternComponent): PatternPart => {
        const custom = component.type === 'CountOnCustomLineItemUnits';
        return {
          custom,
          matches: matcher(component.predicate, custom),
          ...(component.minCount !== undefined ? { minCount: component.minCount } : {}),
          ...(component.maxCount !== undefined ? { maxCount: component.maxCount } : {}),
          ...(component.excludeCount !== undefined ? { excludeCount: component.excludeCount } : {}),
        };
      };
      return {
        type: 'pattern',
        triggerPattern: target.triggerPattern.map(part),
        targetPattern: target.targetPattern.map(part),
        ...(target.maxOccurrence !== undefined ? { maxOccurrence: target.maxOccurrence } : {}),
        selectionMode: target.selectionMode,
      };
    }
  }
}

/**
 * Whether a discount's `recurringOrderScope` admits the cart (SDK RecurringOrderScope): a cart of a recurring
 * order (`origin: RecurringOrder`) takes `AnyOrder`, `RecurringOrdersOnly`, and `ApplicableRecurrencePolicies`
 * when one of its (custom) line items recurs by a listed policy (`recurrenceInfo.recurrencePolicy`); every other
 * cart takes `AnyOrder` and `NonRecurringOrdersOnly` (the default).
 */
export function inRecurringOrderScope(
  discount: Pick<CartDiscount, 'recurringOrderScope'>,
  recurring: boolean,
  policies: ReadonlySet<string> = new Set(),
): boolean {
  const scope = discount.recurringOrderScope ?? { type: 'NonRecurringOrdersOnly' };
  if (scope.type === 'AnyOrder') return true;
  if (!recurring) return scope.type === 'NonRecurringOrdersOnly';
  if (scope.type === 'ApplicableRecurrencePolicies')
    return scope.recurrencePolicies.some((policy) => policies.has(policy.id));
  return scope.type === 'RecurringOrdersOnly';
}

/** The recurrence policies the cart's (custom) line items recur by. */
export function recurrencePoliciesOf(cart: Pick<Cart, 'lineItems' | 'customLineItems'>): Set<string> {
  return new Set(
    [...cart.lineItems, ...cart.customLineItems].flatMap((item) =>
      item.recurrenceInfo ? [item.recurrenceInfo.recurrencePolicy.id] : [],
    ),
  );
}

/** A gift line item discount that applies to the cart. */
export interface GiftDiscount {
  id: string;
  sortOrder: string;
  value: Extract<CartDiscount['value'], { type: 'giftLineItem' }>;
}

/** The gift discount a gift line item came from (its one discounted group names it). */
export function giftDiscountOf(item: LineItem): string | undefined {
  if (item.lineItemMode !== 'GiftLineItem') return undefined;
  return item.discountedPricePerQuantity[0]?.discountedPrice.includedDiscounts[0]?.discount.id;
}

/**
 * Whether a code is usable at all now: its state before the cart is looked at. A code whose
 * `maxApplications` (or, on a customer's cart, `maxApplicationsPerCustomer`) orders used is
 * MaxApplicationReached.
 */
export function codeStateOf(
  code: DiscountCode | undefined,
  now: number,
  applications?: { total: number; mine: number },
  customer = false,
): CodeState | undefined {
  if (!code || !code.isActive) return 'NotActive';
  if (!validNow(code, now)) return 'NotValid';
  if (applications) {
    if (code.maxApplications !== undefined && applications.total >= code.maxApplications)
      return 'MaxApplicationReached';
    if (
      customer &&
      code.maxApplicationsPerCustomer !== undefined &&
      applications.mine >= code.maxApplicationsPerCustomer
    )
      return 'MaxApplicationReached';
  }
  return undefined;
}

/**
 * The Cart Discounts that apply to a cart (checkout facts 4.13): active, valid now, of the cart's Store (or of
 * none), their cart predicate true, and, if they require a code, named by a code on the cart that is active,
 * valid and whose own predicate matches. Answers the rules for `recalculate` and each code's state before
 * application (MatchesCart is confirmed afterwards by what applied).
 */
export function applicableDiscounts(
  cart: Cart,
  data: CartDiscountData,
  now = Date.now(),
): {
  rules: CartDiscountRule[];
  gifts: GiftDiscount[];
  codeStates: Map<string, { state: CodeState; discounts: string[] }>;
} {
  const subject = cartSubject(cart);
  const inStore = (discount: CartDiscount) =>
    discount.stores.length === 0 ||
    (cart.store !== undefined && discount.stores.some((s) => s.key === cart.store!.key));
  const recurring = cart.origin === 'RecurringOrder';
  const policies = recurrencePoliciesOf(cart);
  const groups = new Map((data.discountGroups ?? []).map((group) => [group.id, group]));
  // A discount of a group applies only while the group is active (SDK DiscountGroup.isActive).
  const groupActive = (discount: CartDiscount) =>
    !discount.discountGroup || groups.get(discount.discountGroup.id)?.isActive === true;
  const eligible = (discount: CartDiscount) =>
    discount.isActive &&
    groupActive(discount) &&
    inRecurringOrderScope(discount, recurring, policies) &&
    validNow(discount, now) &&
    inStore(discount) &&
    cartPredicate(discount.cartPredicate).matches(subject);
  const byId = new Map(data.cartDiscounts.map((discount) => [discount.id, discount]));
  const viaCode = new Set<string>();
  const codeStates = new Map<string, { state: CodeState; discounts: string[] }>();
  for (const info of cart.discountCodes) {
    const code = data.codes.find((c) => c.id === info.discountCode.id);
    const early = codeStateOf(code, now, data.applications?.get(info.discountCode.id), !!cart.customerId);
    if (early || !code) {
      codeStates.set(info.discountCode.id, { state: early ?? 'NotActive', discounts: [] });
      continue;
    }
    const discounts = code.cartDiscounts.map((ref) => byId.get(ref.id)).filter((d): d is CartDiscount => !!d);
    if (discounts.length === 0) {
      codeStates.set(code.id, { state: 'NotActive', discounts: [] });
      continue;
    }
    const codeMatches = !code.cartPredicate || cartPredicate(code.cartPredicate).matches(subject);
    const matching = codeMatches ? discounts.filter(eligible) : [];
    matching.forEach((discount) => viaCode.add(discount.id));
    codeStates.set(code.id, {
      state: matching.length ? 'MatchesCart' : 'DoesNotMatchCart',
      discounts: matching.map((d) => d.id),
    });
  }
  const rules: CartDiscountRule[] = [];
  const gifts: GiftDiscount[] = [];
  for (const discount of data.cartDiscounts) {
    if (discount.requiresDiscountCode ? !viaCode.has(discount.id) : !eligible(discount)) continue;
    if (discount.value.type === 'giftLineItem') {
      gifts.push({ id: discount.id, sortOrder: discount.sortOrder, value: discount.value });
      continue;
    }
    const target = targetOf(discount, cart);
    if (!target) continue;
    const group = discount.discountGroup ? groups.get(discount.discountGroup.id) : undefined;
    rules.push({
      id: discount.id,
      // In a group: the group's sortOrder, and only the group's best deal applies (libs/pricing).
      sortOrder: group ? group.sortOrder : discount.sortOrder,
      stackingMode: discount.stackingMode,
      value: discount.value,
      target,
      ...(group ? { discountGroup: group.id } : {}),
    });
  }
  return { rules, gifts: gifts.sort(bySortOrderDescending), codeStates };
}

/**
 * The codes' states once applied: a matching code none of whose discounts applied was stopped by another,
 * ApplicationStoppedByGroupBestDeal when one of them lost its Discount Group's best deal.
 */
export function finalCodeStates(
  cart: Cart,
  codeStates: Map<string, { state: CodeState; discounts: string[] }>,
  applied: readonly string[],
  stoppedByGroupBestDeal: readonly string[] = [],
): DiscountCodeInfo[] {
  return cart.discountCodes.map((info) => {
    const entry = codeStates.get(info.discountCode.id);
    let state: CodeState = entry?.state ?? 'NotActive';
    if (state === 'MatchesCart' && entry && !entry.discounts.some((id) => applied.includes(id)))
      state = entry.discounts.some((id) => stoppedByGroupBestDeal.includes(id))
        ? 'ApplicationStoppedByGroupBestDeal'
        : 'ApplicationStoppedByPreviousDiscount';
    return { ...info, state };
  });
}
