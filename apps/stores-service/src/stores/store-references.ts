import {
  STORE_LIMITS,
  type ProductSelectionSetting,
  type ProductSelectionSettingDraftDto,
  type Reference,
  type RequestContext,
  type ResourceIdentifier,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import type { ProjectSettings, ReferenceResolver } from '@commerce/resources';

export type ChannelRole = 'ProductDistribution' | 'InventorySupply';

interface Channel {
  id: string;
  key: string;
  roles: string[];
}

/** Resolves channels and checks each has the role its list needs (`MissingRoleOnChannel`). */
export async function channelReferences(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifiers: ResourceIdentifier[],
  role: ChannelRole,
): Promise<Reference<'channel'>[]> {
  refuseBeyondLimit(identifiers, 'channel', STORE_LIMITS.channels);
  const channels = await resolver.require<Channel & Record<string, unknown>>(ctx, 'channel', identifiers);
  channels.forEach((channel, index) => {
    if (!channel.roles.includes(role)) {
      const identifier = identifiers[index];
      const channelRef = identifier.id ? { id: identifier.id } : { key: identifier.key! };
      throw Errors.missingRoleOnChannel({ typeId: 'channel', ...channelRef }, role);
    }
  });
  const references = unique(channels.map((channel) => ({ typeId: 'channel' as const, id: channel.id })));
  checkChannelLimit(references.length);
  return references;
}

export async function productSelectionReference(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifier: ResourceIdentifier,
): Promise<Reference<'product-selection'>> {
  const [selection] = await resolver.require(ctx, 'product-selection', [identifier]);
  return { typeId: 'product-selection', id: selection.id };
}

export async function productSelectionSettings(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  drafts: ProductSelectionSettingDraftDto[],
): Promise<ProductSelectionSetting[]> {
  const identifiers = drafts.map((draft) => draft.productSelection);
  refuseBeyondLimit(identifiers, 'product-selection', STORE_LIMITS.productSelections);
  const selections = await resolver.require(ctx, 'product-selection', identifiers);
  const settings = new Map<string, ProductSelectionSetting>();
  selections.forEach((selection, index) => {
    settings.set(selection.id, {
      productSelection: { typeId: 'product-selection', id: selection.id },
      active: drafts[index].active ?? false,
    });
  });
  checkSelectionLimit(settings.size);
  return [...settings.values()];
}

/** Languages must be languages of the project (`ProjectNotConfiguredForLanguages`). */
export async function projectLanguages(
  settings: ProjectSettings,
  ctx: RequestContext,
  languages: string[],
): Promise<string[]> {
  const project = await settings.get(ctx);
  const unknown = languages.filter((language) => !project.languages.includes(language));
  if (unknown.length > 0) throw Errors.projectNotConfiguredForLanguages(unknown);
  return [...new Set(languages)];
}

export function checkChannelLimit(count: number): void {
  if (count > STORE_LIMITS.channels) throw Errors.maxResourceLimitExceeded('channel', STORE_LIMITS.channels);
}

export function checkSelectionLimit(count: number): void {
  if (count > STORE_LIMITS.productSelections) {
    throw Errors.maxResourceLimitExceeded('product-selection', STORE_LIMITS.productSelections);
  }
}

/**
 * A list naming more distinct identifiers than twice the limit can not stay within it (one resource can be
 * named at most twice, by id and by key): refused before anything is looked up. The exact check counts the
 * resolved resources.
 */
function refuseBeyondLimit(identifiers: ResourceIdentifier[], typeId: string, limit: number): void {
  const distinct = new Set(identifiers.map(({ id, key }) => (id !== undefined ? `id:${id}` : `key:${key}`)));
  if (distinct.size > 2 * limit) throw Errors.maxResourceLimitExceeded(typeId, limit);
}

function unique<T extends { id: string }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
}
