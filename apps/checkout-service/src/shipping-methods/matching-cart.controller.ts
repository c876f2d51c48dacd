import {
  MatchingCartLocationQueryDto,
  MatchingCartQueryDto,
  MatchingOrderEditQueryDto,
  Subjects,
  type Cart,
  type ClassConstructor,
  type PagedQueryResponse,
  type RequestContext,
  type Rpc,
  type ShippingMethod,
  type WireQuery,
  type Zone,
  validateDto,
} from '@commerce/contracts';
import { CartErrors, Errors } from '@commerce/errors';
import { Handles } from '@commerce/messaging';
import { ProjectSettings } from '@commerce/resources';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import { cartsTable } from '../carts/carts.table.js';
import { orderEditsTable } from '../order-edits/order-edits.table.js';
import { orderAsCart } from '../order-edits/staged-order.js';
import { ordersTable } from '../orders/orders.table.js';
import { matchingCart, type CartLocation } from './matching-cart.js';

type Page = PagedQueryResponse<ShippingMethod>;

/**
 * `GET /shipping-methods/matching-cart?cartId` (also `/in-store/key={storeKey}/...`, where only the Store's
 * carts exist) and `matching-cart-location?cartId&country&state`: the cart, the zones and the active methods
 * read once each, the choice made in memory (`matchingCart`).
 */
@Controller()
export class MatchingCartController {
  constructor(
    private readonly db: DataSource,
    private readonly settings: ProjectSettings,
  ) {}

  @Handles(Subjects.checkout.matchingCart)
  async matchingCart(@Payload() { ctx, query }: Rpc<{ query?: WireQuery }>): Promise<Page> {
    const { cartId } = parsed(MatchingCartQueryDto, query);
    const cart = await this.cart(ctx, cartId);
    if (!cart.shippingAddress)
      throw Errors.invalidOperation('The cart needs a shipping address to match shipping methods.');
    return this.page(ctx, cart, cart.shippingAddress);
  }

  @Handles(Subjects.checkout.matchingCartLocation)
  async matchingCartLocation(@Payload() { ctx, query }: Rpc<{ query?: WireQuery }>): Promise<Page> {
    const { cartId, country, state } = parsed(MatchingCartLocationQueryDto, query);
    const cart = await this.cart(ctx, cartId);
    return this.page(ctx, cart, { country, ...(state !== undefined ? { state } : {}) });
  }

  /**
   * `matching-orderedit?orderEditId&country&state`: as `matching-cart-location` for the edit's preview (the
   * order itself while nothing is previewed, or once applied); a failed preview is EditPreviewFailed.
   */
  @Handles(Subjects.checkout.matchingOrderEdit)
  async matchingOrderEdit(@Payload() { ctx, query }: Rpc<{ query?: WireQuery }>): Promise<Page> {
    const { orderEditId, country, state } = parsed(MatchingOrderEditQueryDto, query);
    const edit = await orderEditsTable.findById(this.db, ctx.projectKey, orderEditId);
    if (!edit) throw Errors.referencedResourceNotFound('order-edit', { id: orderEditId });
    const { result } = edit;
    if (result.type === 'PreviewFailure') throw CartErrors.editPreviewFailed(result);
    const order =
      result.type === 'PreviewSuccess'
        ? result.preview
        : await ordersTable.findById(this.db, ctx.projectKey, edit.resource.id);
    if (!order) throw Errors.referencedResourceNotFound('order', { id: edit.resource.id });
    return this.page(ctx, orderAsCart(order), { country, ...(state !== undefined ? { state } : {}) });
  }

  private async cart(ctx: RequestContext, cartId: string): Promise<Cart> {
    const cart = await cartsTable.findById(this.db, ctx.projectKey, cartId);
    if (!cart || (ctx.storeKey !== undefined && cart.store?.key !== ctx.storeKey))
      throw Errors.referencedResourceNotFound('cart', { id: cartId });
    return cart;
  }

  private async page(ctx: RequestContext, cart: Cart, location: CartLocation): Promise<Page> {
    const [project, zones, methods] = await Promise.all([
      this.settings.get(ctx),
      // At most 100 zones per project: all of them are read, the zone of the location picked in memory.
      this.db.query<Array<{ doc: Zone }>>(`SELECT doc FROM "checkout"."zones" WHERE project_key = $1`, [
        ctx.projectKey,
      ]),
      this.db.query<Array<{ doc: ShippingMethod }>>(
        `SELECT doc FROM "checkout"."shipping_methods" WHERE project_key = $1 AND doc @> '{"active": true}'
         ORDER BY created_at, id`,
        [ctx.projectKey],
      ),
    ]);
    const results = matchingCart(
      methods.map((row) => row.doc),
      zones.map((row) => row.doc),
      cart,
      location,
      project.shippingRateInputType?.type,
    );
    return { limit: results.length, offset: 0, count: results.length, total: results.length, results };
  }
}

function parsed<T extends object>(dto: ClassConstructor<T>, query: WireQuery | undefined): T {
  const result = validateDto(dto, query ?? {});
  if (!result.ok) throw Errors.invalidInput(`Invalid query parameters: ${result.problems.join('; ')}`);
  return result.value;
}
