import type { DiscountCode, Order, OrderEdit } from '@commerce/contracts';
import { application } from './order-edit-apply.js';

const eur = (centAmount: number) => ({
  type: 'centPrecision' as const,
  currencyCode: 'EUR',
  centAmount,
  fractionDigits: 2,
});
const taxed = (net: number, gross: number) => ({
  totalNet: eur(net),
  totalGross: eur(gross),
  totalTax: eur(gross - net),
  taxPortions: [],
});
const code = (id: string) => ({
  discountCode: { typeId: 'discount-code' as const, id },
  state: 'MatchesCart' as const,
});

const before = {
  id: 'order-1',
  version: 7,
  totalPrice: eur(1490),
  taxedPrice: taxed(1490, 1773),
  discountCodes: [code('kept')],
} as unknown as Order;
const after = {
  ...before,
  totalPrice: eur(3190),
  taxedPrice: taxed(3190, 3413),
  discountCodes: [code('kept'), code('new')],
} as unknown as Order;
const edit = {
  id: 'edit-1',
  version: 3,
  resource: { typeId: 'order', id: 'order-1' },
  stagedActions: [{ action: 'changeLineItemQuantity', lineItemId: 'li', quantity: 3 }],
  result: { type: 'PreviewSuccess', preview: after, messagePayloads: [] },
  createdAt: '2026-01-01T00:00:00.000Z',
  lastModifiedAt: '2026-01-01T00:00:00.000Z',
} as unknown as OrderEdit;
const codes = [{ id: 'kept' }, { id: 'new' }, { id: 'unused' }] as DiscountCode[];
const by = { clientId: 'client-1', isPlatformClient: false };

describe(application.name, () => {
  const applied = application(
    edit,
    before,
    { ok: true, order: after, messages: [{ type: 'OrderLineItemAdded', addedQuantity: 2 }], codes },
    '2026-02-02T10:00:00.000Z',
    by,
  );

  it('moves the order one version on from the order it read', () => {
    expect(applied.next).toMatchObject({
      version: 8,
      totalPrice: eur(3190),
      lastModifiedAt: '2026-02-02T10:00:00.000Z',
      lastModifiedBy: by,
    });
  });

  it('makes the edit Applied with the excerpts before and after (totalPrice, taxedPrice, version)', () => {
    expect(applied.applied).toMatchObject({ id: 'edit-1', version: 4, stagedActions: edit.stagedActions });
    expect(applied.applied.result).toEqual({
      type: 'Applied',
      appliedAt: '2026-02-02T10:00:00.000Z',
      excerptBeforeEdit: { totalPrice: eur(1490), taxedPrice: taxed(1490, 1773), version: 7 },
      excerptAfterEdit: { totalPrice: eur(3190), taxedPrice: taxed(3190, 3413), version: 8 },
    });
  });

  it("writes the staged actions' Messages, then OrderEditApplied with the edit and its result", () => {
    expect(applied.messages.map((message) => message.type)).toEqual([
      'OrderLineItemAdded',
      'OrderEditApplied',
    ]);
    expect(applied.messages[1]).toEqual({
      type: 'OrderEditApplied',
      edit: applied.applied,
      result: applied.applied.result,
    });
  });

  it('counts only the codes the edit adds to the order', () => {
    expect(applied.added.map((added) => added.id)).toEqual(['new']);
  });
});
