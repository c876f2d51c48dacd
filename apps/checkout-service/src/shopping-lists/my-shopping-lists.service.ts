import {
  MY_SHOPPING_LIST_ACTIONS,
  MyShoppingListDraftDto,
  UpdateRequestDto,
  validateDto,
  type ClassConstructor,
  type PagedQueryResponse,
  type RequestContext,
  type ShoppingList,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { RawQuery } from '@commerce/query';
import { parseDto } from '@commerce/service-kit';
import { Injectable } from '@nestjs/common';
import { ShoppingListsService } from './shopping-lists.service.js';

const MY_ACTIONS: Readonly<Record<string, ClassConstructor<object>>> = MY_SHOPPING_LIST_ACTIONS;

type Owner = { customerId: string } | { anonymousId: string };

/** The token's customer, else its anonymous session (the gateway refuses a `/me` token with neither). */
function ownerOf(ctx: RequestContext): Owner {
  if (ctx.actor.customerId) return { customerId: ctx.actor.customerId };
  if (ctx.actor.anonymousId) return { anonymousId: ctx.actor.anonymousId };
  throw Errors.insufficientScope(['customer_id', 'anonymous_id']);
}

/** A customer's lists, or an anonymous session's lists that no customer has taken over (at sign-in). */
function owns(owner: Owner, list: ShoppingList): boolean {
  return 'customerId' in owner
    ? list.customer?.id === owner.customerId
    : list.customer === undefined && list.anonymousId === owner.anonymousId;
}

/**
 * `/me/shopping-lists` (and in a Store): the lists of the token's customer or anonymous session. The owner
 * comes from the token, never from the body; anyone else's list does not exist (404); only the 19
 * `MyShoppingListUpdateAction`s are accepted (no key, slug, owner, Store or business unit).
 */
@Injectable()
export class MyShoppingListsService {
  constructor(private readonly lists: ShoppingListsService) {}

  create(ctx: RequestContext, raw: unknown): Promise<ShoppingList> {
    const owner = ownerOf(ctx);
    const draft = parseDto(MyShoppingListDraftDto, raw);
    const plain = JSON.parse(JSON.stringify(draft)) as Record<string, unknown>;
    return this.lists.create(ctx, {
      ...plain,
      ...('customerId' in owner
        ? { customer: { typeId: 'customer', id: owner.customerId } }
        : { anonymousId: owner.anonymousId }),
    });
  }

  query(ctx: RequestContext, raw: RawQuery | undefined): Promise<PagedQueryResponse<ShoppingList>> {
    const owner = ownerOf(ctx);
    const mine =
      'customerId' in owner
        ? `customer(id = ${JSON.stringify(owner.customerId)})`
        : `anonymousId = ${JSON.stringify(owner.anonymousId)} and customer is not defined`;
    return this.lists.query(ctx, raw, mine);
  }

  async get(ctx: RequestContext, ref: unknown): Promise<ShoppingList> {
    const list = await this.lists.get(ctx, ref);
    if (!owns(ownerOf(ctx), list)) throw Errors.resourceNotFound(ref as { id: string } | { key: string });
    return list;
  }

  async update(ctx: RequestContext, ref: unknown, raw: unknown): Promise<ShoppingList> {
    const update = parseDto(UpdateRequestDto, raw);
    const actions: unknown[] = Array.isArray(update.actions) ? update.actions : [];
    const problems = actions.flatMap((item: unknown, index) => {
      const name = (item as { action?: unknown } | null)?.action;
      if (typeof name !== 'string' || !Object.hasOwn(MY_ACTIONS, name))
        return [`actions[${index}].action: unknown update action ${JSON.stringify(name ?? null)}.`];
      const result = validateDto(MY_ACTIONS[name], item);
      return result.ok ? [] : result.problems.map((problem) => `actions[${index}].${problem}`);
    });
    if (problems.length > 0) throw Errors.invalidJsonInput(problems.join('; '));
    const list = await this.get(ctx, ref);
    // By id from here: the list found is the caller's own, whatever its key is.
    return this.lists.update(ctx, { id: list.id }, raw);
  }

  async delete(ctx: RequestContext, ref: unknown, version: unknown): Promise<ShoppingList> {
    const list = await this.get(ctx, ref);
    return this.lists.delete(ctx, { id: list.id }, version);
  }
}
