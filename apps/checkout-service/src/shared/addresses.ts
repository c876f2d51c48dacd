import type { Address, AddressDraftDto, RequestContext } from '@commerce/contracts';
import { resolveCustomFields, type ReferenceResolver } from '@commerce/resources';

/** An address from its draft: the fields given, its custom fields checked against their Type (`address`). */
export async function addressOf(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  draft: AddressDraftDto,
): Promise<Address> {
  const { custom: customDraft, ...fields } = draft;
  const custom = await resolveCustomFields(resolver, ctx, 'address', customDraft);
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { ...(given as unknown as Address), ...(custom ? { custom } : {}) };
}
