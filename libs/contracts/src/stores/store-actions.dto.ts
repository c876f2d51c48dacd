import { Nested, OptionalNestedArray } from '../common/nested.js';
import { IsArray, IsBoolean, IsOptional, IsString } from 'class-validator';
import { ChannelResourceIdentifierDto, ProductSelectionResourceIdentifierDto } from '../common/dto.js';
import { IsLocalizedString } from '../common/validators.js';
import { ProductSelectionSettingDraftDto, StoreCountryDto } from './store.dto.js';
import { STOREFRONT_ACTIONS } from './storefront.dto.js';

type ChannelId = InstanceType<typeof ChannelResourceIdentifierDto>;
type SelectionId = InstanceType<typeof ProductSelectionResourceIdentifierDto>;

export class SetStoreNameAction {
  @IsOptional()
  @IsLocalizedString()
  name?: Record<string, string>;
}

export class SetStoreLanguagesAction {
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  languages?: string[];
}

export class SetStoreCountriesAction {
  @OptionalNestedArray(() => StoreCountryDto)
  countries?: StoreCountryDto[];
}

export class StoreCountryAction {
  @Nested(() => StoreCountryDto)
  country: StoreCountryDto;
}

export class SetStoreDistributionChannelsAction {
  @OptionalNestedArray(() => ChannelResourceIdentifierDto)
  distributionChannels?: ChannelId[];
}

export class StoreDistributionChannelAction {
  @Nested(() => ChannelResourceIdentifierDto)
  distributionChannel: ChannelId;
}

export class SetStoreSupplyChannelsAction {
  @OptionalNestedArray(() => ChannelResourceIdentifierDto)
  supplyChannels?: ChannelId[];
}

export class StoreSupplyChannelAction {
  @Nested(() => ChannelResourceIdentifierDto)
  supplyChannel: ChannelId;
}

export class AddStoreProductSelectionAction {
  @Nested(() => ProductSelectionResourceIdentifierDto)
  productSelection: SelectionId;

  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

export class RemoveStoreProductSelectionAction {
  @Nested(() => ProductSelectionResourceIdentifierDto)
  productSelection: SelectionId;
}

export class SetStoreProductSelectionsAction {
  @OptionalNestedArray(() => ProductSelectionSettingDraftDto)
  productSelections?: ProductSelectionSettingDraftDto[];
}

export class ChangeStoreProductSelectionActiveAction {
  @Nested(() => ProductSelectionResourceIdentifierDto)
  productSelection: SelectionId;

  @IsOptional()
  @IsBoolean()
  active?: boolean;
}

/**
 * The Store's update actions by name, read by the Store's descriptor: stores-service must have exactly one
 * handler for each (its action table is checked against this list when it compiles).
 */
export const STORE_ACTIONS = {
  setName: SetStoreNameAction,
  setLanguages: SetStoreLanguagesAction,
  setCountries: SetStoreCountriesAction,
  addCountry: StoreCountryAction,
  removeCountry: StoreCountryAction,
  setDistributionChannels: SetStoreDistributionChannelsAction,
  addDistributionChannel: StoreDistributionChannelAction,
  removeDistributionChannel: StoreDistributionChannelAction,
  setSupplyChannels: SetStoreSupplyChannelsAction,
  addSupplyChannel: StoreSupplyChannelAction,
  removeSupplyChannel: StoreSupplyChannelAction,
  addProductSelection: AddStoreProductSelectionAction,
  removeProductSelection: RemoveStoreProductSelectionAction,
  setProductSelections: SetStoreProductSelectionsAction,
  changeProductSelectionActive: ChangeStoreProductSelectionActiveAction,
  ...STOREFRONT_ACTIONS,
} as const;
