import { Exact, type RoundingMode, type TypedMoney } from './money.js';

/** A Cart Discount's value as the calculation reads it (SDK CartDiscountValue; gifts are the cart's job). */
export type DiscountValue =
  | { type: 'relative'; permyriad: number; applicationMode?: ApplicationMode }
  | { type: 'absolute'; money: readonly TypedMoney[]; applicationMode?: ApplicationMode }
  | { type: 'fixed'; money: readonly TypedMoney[]; applicationMode?: ApplicationMode };

/** SDK DiscountApplicationMode. */
export type ApplicationMode = 'EvenDistribution' | 'IndividualApplication' | 'ProportionateDistribution';

/** A target, its predicates already compiled by the caller into tests on item ids. */
export type DiscountTarget =
  | { type: 'lineItems' | 'customLineItems'; matches: (itemId: string) => boolean }
  | { type: 'shipping' }
  | { type: 'totalPrice' }
  | {
      type: 'multiBuyLineItems' | 'multiBuyCustomLineItems';
      matches: (itemId: string) => boolean;
      triggerQuantity: number;
      discountedQuantity: number;
      maxOccurrence?: number;
      selectionMode: 'Cheapest' | 'MostExpensive';
    }
  | {
      type: 'pattern';
      triggerPattern: readonly PatternPart[];
      targetPattern: readonly PatternPart[];
      maxOccurrence?: number;
      selectionMode: 'Cheapest' | 'MostExpensive';
    };

/** One SDK PatternComponent (`CountOnLineItemUnits` / `CountOnCustomLineItemUnits`), its predicate compiled. */
export interface PatternPart {
  custom: boolean;
  matches: (itemId: string) => boolean;
  minCount?: number;
  maxCount?: number;
  excludeCount?: number;
}

/** One Cart Discount that applies to the cart (active, valid, its cart predicate and code checked by the caller). */
export interface CartDiscountRule {
  id: string;
  /** "0..1" decimal text: higher applies first (checkout facts 4.13). */
  sortOrder: string;
  stackingMode: 'Stacking' | 'StopAfterThisDiscount';
  value: DiscountValue;
  target: DiscountTarget;
  /**
   * The Discount Group the discount is in: of a group's discounts only the one saving the cart most applies,
   * at the group's sortOrder (the caller gives each member the group's `sortOrder`).
   */
  discountGroup?: string;
}

/** One unit price group of an item after the cart discounts (SDK DiscountedLineItemPriceForQuantity). */
export interface DiscountedGroup {
  quantity: number;
  /** Cents of one unit. */
  unitPrice: bigint;
  includedDiscounts: { discountId: string; amount: bigint }[];
}

export interface DiscountableItem {
  id: string;
  quantity: number;
  /** Cents of one unit before cart discounts. */
  unitPrice: bigint;
}

/** Higher sortOrder first: compared as decimals (`0.9` > `0.10`). */
export function bySortOrderDescending(a: { sortOrder: string }, b: { sortOrder: string }): number {
  const digits = Math.max(a.sortOrder.length, b.sortOrder.length);
  const pad = (text: string) => text.replace(/^0\./, '').padEnd(digits, '0');
  return pad(b.sortOrder) < pad(a.sortOrder) ? -1 : pad(b.sortOrder) > pad(a.sortOrder) ? 1 : 0;
}

function amountIn(money: readonly TypedMoney[], currency: string): bigint | undefined {
  const match = money.find((m) => m.currencyCode === currency);
  return match === undefined ? undefined : BigInt(match.centAmount);
}

/**
 * What one unit costs after a discount value: relative takes `permyriad`/10000 off, rounded by the cart's
 * `priceRoundingMode` at this step; absolute takes the amount off (never below 0); fixed sets the amount
 * when it is lower. Undefined: the value has no amount in the cart's currency.
 */
export function discountedUnit(
  unit: bigint,
  value: DiscountValue,
  currency: string,
  mode: RoundingMode,
): bigint | undefined {
  switch (value.type) {
    case 'relative': {
      const off = Exact.of(unit).times(value.permyriad).dividedBy(10_000).round(mode);
      return unit - off;
    }
    case 'absolute': {
      const off = amountIn(value.money, currency);
      if (off === undefined) return undefined;
      return unit > off ? unit - off : 0n;
    }
    case 'fixed': {
      const fixed = amountIn(value.money, currency);
      if (fixed === undefined) return undefined;
      return fixed < unit ? fixed : unit;
    }
  }
}

/** Takes `quantity` units out of a group (splitting it) and gives them a new price and discount. */
function discountUnits(
  groups: DiscountedGroup[],
  group: DiscountedGroup,
  quantity: number,
  unitPrice: bigint,
  discountId: string,
): void {
  const amount = group.unitPrice - unitPrice;
  if (amount === 0n || quantity === 0) return;
  const discounted: DiscountedGroup = {
    quantity,
    unitPrice,
    includedDiscounts: [...group.includedDiscounts, { discountId, amount }],
  };
  const index = groups.indexOf(group);
  if (quantity === group.quantity) groups.splice(index, 1, discounted);
  else groups.splice(index, 1, { ...group, quantity: group.quantity - quantity }, discounted);
}

export interface ItemDiscountState {
  lineItems: Map<string, DiscountedGroup[]>;
  customLineItems: Map<string, DiscountedGroup[]>;
}

export function initialGroups(items: readonly DiscountableItem[]): Map<string, DiscountedGroup[]> {
  return new Map(
    items.map((item) => [
      item.id,
      item.quantity > 0
        ? [{ quantity: item.quantity, unitPrice: item.unitPrice, includedDiscounts: [] }]
        : [],
    ]),
  );
}

/**
 * Applies one line item or custom line item discount to the groups; answers whether it changed any unit
 * (a discount whose target matched nothing does not stop the ones after it: checkout facts 4.13).
 */
export function applyItemDiscount(
  rule: CartDiscountRule,
  state: ItemDiscountState,
  currency: string,
  mode: RoundingMode,
): boolean {
  const target = rule.target;
  if (target.type === 'shipping' || target.type === 'totalPrice') return false;
  const custom = target.type === 'customLineItems' || target.type === 'multiBuyCustomLineItems';
  const groupsById = custom ? state.customLineItems : state.lineItems;
  let applied = false;
  if (target.type === 'lineItems' || target.type === 'customLineItems') {
    if (rule.value.type === 'absolute') {
      const mode = rule.value.applicationMode ?? 'ProportionateDistribution';
      if (mode !== 'IndividualApplication') {
        const amount = amountIn(rule.value.money, currency);
        if (amount === undefined) return false;
        const matched = [...groupsById].filter(([id]) => target.matches(id)).map(([, groups]) => groups);
        return distributeAmount(matched, amount, mode, rule.id);
      }
    }
    for (const [id, groups] of groupsById) {
      if (!target.matches(id)) continue;
      for (const group of [...groups]) {
        const unit = discountedUnit(group.unitPrice, rule.value, currency, mode);
        if (unit === undefined || unit === group.unitPrice) continue;
        discountUnits(groups, group, group.quantity, unit, rule.id);
        applied = true;
      }
    }
    return applied;
  }
  if (target.type === 'pattern') return applyPattern(rule, target, state, currency, mode);
  if (target.type !== 'multiBuyLineItems' && target.type !== 'multiBuyCustomLineItems') return false;
  // Multi-buy: every `triggerQuantity` matching units, `discountedQuantity` of them (the cheapest or the most
  // expensive) are discounted, at most `maxOccurrence` times.
  const units: { groups: DiscountedGroup[]; group: DiscountedGroup }[] = [];
  for (const [id, groups] of groupsById) {
    if (!target.matches(id)) continue;
    for (const group of groups) for (let i = 0; i < group.quantity; i++) units.push({ groups, group });
  }
  let occurrences = Math.floor(units.length / target.triggerQuantity);
  if (target.maxOccurrence !== undefined) occurrences = Math.min(occurrences, target.maxOccurrence);
  const count = occurrences * target.discountedQuantity;
  if (count === 0) return false;
  units.sort((a, b) => {
    const order = a.group.unitPrice < b.group.unitPrice ? -1 : a.group.unitPrice > b.group.unitPrice ? 1 : 0;
    return target.selectionMode === 'Cheapest' ? order : -order;
  });
  const chosen = new Map<DiscountedGroup, { groups: DiscountedGroup[]; quantity: number }>();
  for (const unit of units.slice(0, count)) {
    const entry = chosen.get(unit.group) ?? { groups: unit.groups, quantity: 0 };
    entry.quantity++;
    chosen.set(unit.group, entry);
  }
  for (const [group, { groups, quantity }] of chosen) {
    const unit = discountedUnit(group.unitPrice, rule.value, currency, mode);
    if (unit === undefined || unit === group.unitPrice) continue;
    discountUnits(groups, group, quantity, unit, rule.id);
    applied = true;
  }
  return applied;
}

/**
 * An absolute amount taken once off all the matched units (never more than they cost), in cents that add up to
 * it exactly: `ProportionateDistribution` in proportion to each unit's current price, `EvenDistribution` in
 * equal shares (a unit cheaper than its share gives it all and the rest is shared among the others). The cents
 * left by rounding down go one each to the units with the largest remainders (ties: cart order, then the
 * group's order), so units of one group may differ by a cent and the group is split.
 */
export function distributeAmount(
  matched: readonly DiscountedGroup[][],
  amount: bigint,
  mode: Distribution,
  discountId: string,
): boolean {
  const units: SharedUnit[] = [];
  for (const groups of matched)
    for (const group of groups)
      for (let i = 0; i < group.quantity; i++) units.push({ groups, group, share: 0n });
  const shares = shareOf(
    units.map((unit) => unit.group.unitPrice),
    amount,
    mode,
  );
  units.forEach((unit, index) => (unit.share = shares[index]));
  return applyShares(units, discountId);
}

type Distribution = 'EvenDistribution' | 'ProportionateDistribution';

/** One unit of a group and its share of a distributed amount. */
interface SharedUnit {
  groups: DiscountedGroup[];
  group: DiscountedGroup;
  share: bigint;
}

/**
 * The cents each unit (by its price, in cart order) takes of `amount` (at most what they all cost), adding up to
 * it exactly; see `distributeAmount`.
 */
export function shareOf(prices: readonly bigint[], amount: bigint, mode: Distribution): bigint[] {
  const shares = prices.map(() => 0n);
  const total = prices.reduce((sum, price) => sum + price, 0n);
  const toGive = amount < total ? amount : total;
  if (toGive <= 0n) return shares;
  if (mode === 'ProportionateDistribution') {
    const remainders = prices.map((price, index) => {
      shares[index] = (toGive * price) / total;
      return { index, remainder: (toGive * price) % total };
    });
    let left = toGive - shares.reduce((sum, share) => sum + share, 0n);
    remainders.sort((a, b) =>
      a.remainder > b.remainder ? -1 : a.remainder < b.remainder ? 1 : a.index - b.index,
    );
    for (const { index } of remainders) {
      if (left === 0n) break;
      shares[index]++;
      left--;
    }
    return shares;
  }
  // Water-filling: the cheapest units first take min(price, even share of what is left).
  const order = prices
    .map((_, index) => index)
    .sort((a, b) => (prices[a] < prices[b] ? -1 : prices[a] > prices[b] ? 1 : a - b));
  let left = toGive;
  let count = BigInt(prices.length);
  const uncapped: number[] = [];
  for (const index of order) {
    const even = left / count;
    if (prices[index] <= even) {
      shares[index] = prices[index];
      left -= prices[index];
    } else uncapped.push(index);
    count--;
  }
  // Those not capped share what is left evenly; its cents left over go one each, in cart order.
  uncapped.sort((a, b) => a - b);
  const even = uncapped.length ? left / BigInt(uncapped.length) : 0n;
  let cents = left - even * BigInt(uncapped.length);
  for (const index of uncapped) {
    shares[index] = even + (cents > 0n ? 1n : 0n);
    if (cents > 0n) cents--;
  }
  return shares;
}

/**
 * Gives each unit its share: each group is replaced by its units without a share (and those not listed) and one
 * group per share. Answers whether any unit got a share.
 */
function applyShares(units: readonly SharedUnit[], discountId: string): boolean {
  const byGroup = new Map<DiscountedGroup, { groups: DiscountedGroup[]; shares: Map<bigint, number> }>();
  for (const unit of units) {
    const entry = byGroup.get(unit.group) ?? { groups: unit.groups, shares: new Map<bigint, number>() };
    entry.shares.set(unit.share, (entry.shares.get(unit.share) ?? 0) + 1);
    byGroup.set(unit.group, entry);
  }
  let applied = false;
  for (const [group, { groups, shares }] of byGroup) {
    const listed = [...shares.values()].reduce((sum, quantity) => sum + quantity, 0);
    if (listed < group.quantity) shares.set(0n, (shares.get(0n) ?? 0) + group.quantity - listed);
    const replacement: DiscountedGroup[] = [];
    for (const [share, quantity] of [...shares].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (share !== 0n) applied = true;
      replacement.push(
        share === 0n
          ? { ...group, quantity }
          : {
              quantity,
              unitPrice: group.unitPrice - share,
              includedDiscounts: [...group.includedDiscounts, { discountId, amount: share }],
            },
      );
    }
    groups.splice(groups.indexOf(group), 1, ...replacement);
  }
  return applied;
}

interface Unit {
  custom: boolean;
  itemId: string;
  groups: DiscountedGroup[];
  group: DiscountedGroup;
}

/** Units in the selection order: cheapest or most expensive first (stable: items in cart order). */
function selectionOrder(units: Unit[], selectionMode: 'Cheapest' | 'MostExpensive'): Unit[] {
  return [...units].sort((a, b) => {
    const order = a.group.unitPrice < b.group.unitPrice ? -1 : a.group.unitPrice > b.group.unitPrice ? 1 : 0;
    return selectionMode === 'Cheapest' ? order : -order;
  });
}

/**
 * A pattern target (SDK CartDiscountPatternTarget): per occurrence, each trigger component takes `minCount`
 * (default 1) matching units, then each target component needs `excludeCount` + `minCount` (default 1) more
 * and takes up to `maxCount` (default: every remaining matching unit), the first `excludeCount` of them left
 * undiscounted. Every unit takes part once; trigger units never get the discount. Target units are chosen by
 * `selectionMode`, trigger units the other way round (so the selection is left to the target). An
 * occurrence that cannot be completed discounts nothing; at most `maxOccurrence` occurrences.
 */
function applyPattern(
  rule: CartDiscountRule,
  target: Extract<DiscountTarget, { type: 'pattern' }>,
  state: ItemDiscountState,
  currency: string,
  mode: RoundingMode,
): boolean {
  const pool: Unit[] = [];
  for (const [custom, groupsById] of [
    [false, state.lineItems],
    [true, state.customLineItems],
  ] as const)
    for (const [itemId, groups] of groupsById)
      for (const group of groups)
        for (let i = 0; i < group.quantity; i++) pool.push({ custom, itemId, groups, group });
  const used = new Set<Unit>();
  const matching = (part: PatternPart) =>
    pool.filter((unit) => !used.has(unit) && unit.custom === part.custom && part.matches(unit.itemId));
  const reverse = target.selectionMode === 'Cheapest' ? 'MostExpensive' : 'Cheapest';
  const discounted: Unit[] = [];
  const occurrences: { triggers: Unit[]; targets: Unit[] }[] = [];
  for (
    let occurrence = 0;
    target.maxOccurrence === undefined || occurrence < target.maxOccurrence;
    occurrence++
  ) {
    const taken: Unit[] = [];
    const triggers: Unit[] = [];
    const chosen: Unit[] = [];
    const take = (units: Unit[]) => units.forEach((unit) => (used.add(unit), taken.push(unit)));
    let complete = true;
    for (const part of target.triggerPattern) {
      const units = selectionOrder(matching(part), reverse).slice(0, part.minCount ?? 1);
      if (units.length < (part.minCount ?? 1)) {
        complete = false;
        break;
      }
      take(units);
      triggers.push(...units);
    }
    for (const part of complete ? target.targetPattern : []) {
      const exclude = part.excludeCount ?? 0;
      const available = selectionOrder(matching(part), target.selectionMode);
      if (available.length < exclude + (part.minCount ?? 1)) {
        complete = false;
        break;
      }
      const excluded = available.slice(0, exclude);
      const units = available.slice(
        exclude,
        part.maxCount === undefined ? undefined : exclude + part.maxCount,
      );
      take(excluded);
      take(units);
      chosen.push(...units);
    }
    if (!complete || taken.length === 0) {
      taken.forEach((unit) => used.delete(unit));
      break;
    }
    discounted.push(...chosen);
    occurrences.push({ triggers, targets: chosen });
  }
  const distribution = patternDistribution(rule.value);
  if (distribution) return distributePattern(rule, distribution, occurrences, pool, currency, mode);
  const perGroup = new Map<DiscountedGroup, { groups: DiscountedGroup[]; quantity: number }>();
  for (const unit of discounted) {
    const entry = perGroup.get(unit.group) ?? { groups: unit.groups, quantity: 0 };
    entry.quantity++;
    perGroup.set(unit.group, entry);
  }
  let applied = false;
  for (const [group, { groups, quantity }] of perGroup) {
    const unit = discountedUnit(group.unitPrice, rule.value, currency, mode);
    if (unit === undefined || unit === group.unitPrice) continue;
    discountUnits(groups, group, quantity, unit, rule.id);
    applied = true;
  }
  return applied;
}

/** The distribution mode of a relative or fixed value on a pattern, if it has one (checkout facts 4.13). */
function patternDistribution(value: DiscountValue): Distribution | undefined {
  if (value.type === 'absolute') return undefined;
  const mode = value.applicationMode;
  return mode === 'EvenDistribution' || mode === 'ProportionateDistribution' ? mode : undefined;
}

/**
 * A relative or fixed value distributed over a pattern (SDK CartDiscountValueRelative.applicationMode): per
 * occurrence, the amount the value takes off its target units together (relative: `permyriad` of their total,
 * rounded once; fixed: what each target unit costs above the fixed price) is shared by the occurrence's
 * trigger and target units, in proportion to their prices or evenly (`shareOf`, in cart order).
 */
function distributePattern(
  rule: CartDiscountRule,
  distribution: Distribution,
  occurrences: readonly { triggers: Unit[]; targets: Unit[] }[],
  pool: readonly Unit[],
  currency: string,
  mode: RoundingMode,
): boolean {
  const shared: SharedUnit[] = [];
  const position = new Map(pool.map((unit, index) => [unit, index]));
  for (const { triggers, targets } of occurrences) {
    let amount = 0n;
    if (rule.value.type === 'relative') {
      const total = targets.reduce((sum, unit) => sum + unit.group.unitPrice, 0n);
      amount = Exact.of(total).times(rule.value.permyriad).dividedBy(10_000).round(mode);
    } else
      for (const unit of targets) {
        const price = discountedUnit(unit.group.unitPrice, rule.value, currency, mode);
        if (price === undefined) return false;
        amount += unit.group.unitPrice - price;
      }
    const units = [...triggers, ...targets].sort((a, b) => position.get(a)! - position.get(b)!);
    const shares = shareOf(
      units.map((unit) => unit.group.unitPrice),
      amount,
      distribution,
    );
    units.forEach((unit, index) =>
      shared.push({ groups: unit.groups, group: unit.group, share: shares[index] }),
    );
  }
  return applyShares(shared, rule.id);
}

/** Cents of every unit of every item in the state. */
function stateCents(state: ItemDiscountState): bigint {
  let cents = 0n;
  for (const byId of [state.lineItems, state.customLineItems])
    for (const groups of byId.values())
      for (const group of groups) cents += group.unitPrice * BigInt(group.quantity);
  return cents;
}

/** A copy that a discount may change without changing the original (groups are replaced, never mutated). */
function copyState(state: ItemDiscountState): ItemDiscountState {
  const copy = (byId: Map<string, DiscountedGroup[]>) =>
    new Map<string, DiscountedGroup[]>([...byId].map(([id, groups]) => [id, [...groups]]));
  return { lineItems: copy(state.lineItems), customLineItems: copy(state.customLineItems) };
}

/**
 * A Discount Group's best deal (live API: only the group's discount with the highest savings applies): each
 * member is tried on a copy of the groups as they are at the group's turn, and the one that takes the most
 * cents off the items is applied. Ties go to the member with the smallest id **(choice: the live API does
 * not document ties)**. Answers the winner (undefined: none saves anything) and the members that would have
 * saved something but lost (their codes are ApplicationStoppedByGroupBestDeal).
 */
export function applyGroupBestDeal(
  members: readonly CartDiscountRule[],
  state: ItemDiscountState,
  currency: string,
  mode: RoundingMode,
): { winner?: CartDiscountRule; losers: string[] } {
  const before = stateCents(state);
  let best: { rule: CartDiscountRule; saving: bigint; state: ItemDiscountState } | undefined;
  const saving: CartDiscountRule[] = [];
  for (const rule of [...members].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const trial = copyState(state);
    if (!applyItemDiscount(rule, trial, currency, mode)) continue;
    const saved = before - stateCents(trial);
    saving.push(rule);
    if (!best || saved > best.saving) best = { rule, saving: saved, state: trial };
  }
  if (!best) return { losers: [] };
  for (const [id, groups] of best.state.lineItems) state.lineItems.set(id, groups);
  for (const [id, groups] of best.state.customLineItems) state.customLineItems.set(id, groups);
  return { winner: best.rule, losers: saving.filter((rule) => rule !== best.rule).map((rule) => rule.id) };
}

/** A single amount (the shipping price, the cart's total) after a discount; undefined: not in this currency. */
export function discountedAmount(
  amount: bigint,
  value: DiscountValue,
  currency: string,
  mode: RoundingMode,
): bigint | undefined {
  return discountedUnit(amount, value, currency, mode);
}
