import {
  OrderImportDto,
  OrderImportItemsDto,
  Subjects,
  type ImportOutcome,
  type Order,
  type OrderImportDraftDto,
  type OrderImportItem,
  type RequestContext,
  type UnresolvedReference,
} from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { RpcClient } from '@commerce/messaging';
import { ReferenceResolver, type ResourceEngine } from '@commerce/resources';
import { parseDto } from '@commerce/service-kit';
import { Inject, Injectable } from '@nestjs/common';
import { ORDER_ENGINE } from './order.definition.js';
import {
  keyReferencesOf,
  orderImportDraftOf,
  skusWithoutProduct,
  unresolvedVariants,
  type FoundResource,
  type FoundSkus,
} from './order-import-mapping.js';

/**
 * The Import API's orders (`checkout.orders.import-operations`): each order's key references are looked up
 * (one call per owning service); a missing one leaves the operation `unresolved`, naming it. An order whose
 * references all exist is written as `POST /orders/import` writes it (the same engine, Message
 * OrderImported, no recalculation and no reservation); what that write refuses ends the operation `rejected`.
 */
@Injectable()
export class OrderImportOperations {
  constructor(
    @Inject(ORDER_ENGINE) private readonly engine: ResourceEngine<Order, OrderImportDraftDto>,
    private readonly resolver: ReferenceResolver,
    private readonly rpc: RpcClient,
  ) {}

  async import(ctx: RequestContext, items: unknown): Promise<ImportOutcome[]> {
    const request = parseDto(OrderImportItemsDto, { items });
    const outcomes: ImportOutcome[] = [];
    for (const item of request.items) outcomes.push(await this.importOne(ctx, item));
    return outcomes;
  }

  private async importOne(
    ctx: RequestContext,
    item: Omit<OrderImportItem, 'order'> & { order: unknown },
  ): Promise<ImportOutcome> {
    const { operationId } = item;
    try {
      const order = parseDto(OrderImportDto, item.order);
      const refs = keyReferencesOf(order);
      const lookedUp = await this.resolver.lookup(ctx, refs);
      const found = (typeId: string, key: string) =>
        lookedUp.get(`${typeId}:key=${key}`) as FoundResource | undefined;
      const unresolved: UnresolvedReference[] = [
        ...refs.filter((ref) => !found(ref.typeId, ref.key)),
        ...unresolvedVariants(order, found),
      ];
      if (unresolved.length > 0)
        return { operationId, state: 'unresolved', unresolvedReferences: unresolved };
      const written = await this.writtenBefore(ctx, item, order.orderNumber);
      if (written) return { operationId, state: 'imported', resourceVersion: written.version };
      const skus = await this.variantsOfSkus(ctx, skusWithoutProduct(order));
      const created = await this.engine.create(ctx, orderImportDraftOf(order, found, skus));
      return { operationId, state: 'imported', resourceVersion: created.version };
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        return { operationId, state: 'rejected', errors: error.errors };
      }
      throw error;
    }
  }

  /** The product and variant of each SKU the catalog has (published or not), in one call. */
  private async variantsOfSkus(ctx: RequestContext, skus: string[]): Promise<FoundSkus> {
    if (skus.length === 0) return new Map();
    const { items } = await this.rpc.send(Subjects.catalog.checkout.lineItems, {
      ctx,
      items: skus.map((sku) => ({ sku })),
      includeUnpublished: true,
    });
    return new Map(
      items.flatMap((answer, i) =>
        answer.found
          ? [
              [
                skus[i],
                { productId: answer.product.productId, variantId: answer.product.variant.id },
              ] as const,
            ]
          : [],
      ),
    );
  }

  /**
   * The order this operation wrote in an earlier claim whose outcome was never recorded (its worker died
   * after the write): it has the number, came from an import of the same client, and is not older than the
   * operation. Then the operation is `imported` and nothing is written twice.
   */
  private async writtenBefore(
    ctx: RequestContext,
    item: { operationCreatedAt: string },
    orderNumber: string,
  ) {
    const existing = await this.engine.find(ctx, { key: orderNumber });
    const by = existing?.createdBy;
    const ours =
      existing !== undefined &&
      by?.attributedTo?.source === 'Import' &&
      by.clientId === ctx.actor.clientId &&
      Date.parse(existing.createdAt) >= Date.parse(item.operationCreatedAt);
    return ours ? existing : undefined;
  }
}
