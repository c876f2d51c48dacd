import { ADDRESS_TEXT_FIELDS } from '@commerce/contracts';

/**
 * The write side of the GraphQL schema. As in the live API, an update action is an input object with one
 * optional field per action (`{setName: {name: [...]}}`); exactly one of them is set per list element.
 * The action field names are the REST action names, except where the live schema names it otherwise
 * (`ACTION_ALIASES` in `../inputs.ts`).
 */
export const MUTATIONS_SDL = /* GraphQL */ `
  input LocalizedStringItemInputType {
    locale: Locale!
    value: String!
  }

  input ResourceIdentifierInput {
    typeId: String
    id: String
    key: String
  }

  "A custom field: its value JSON-encoded, as in the live API."
  input CustomFieldInput {
    name: String!
    value: String!
  }

  input CustomFieldsDraft {
    typeId: String
    typeKey: String
    type: ResourceIdentifierInput
    fields: [CustomFieldInput!]
  }

  input StoreCountryInput {
    code: Country!
  }

  input ProductSelectionSettingDraft {
    productSelection: ResourceIdentifierInput!
    active: Boolean
  }

  input AddressInput {
    country: Country!
    ${ADDRESS_TEXT_FIELDS.map((field) => `${field}: String`).join('\n    ')}
  }

  input GeometryInput {
    type: String!
    coordinates: [Float!]!
  }

  input CreateStore {
    key: String!
    name: [LocalizedStringItemInputType!]
    languages: [Locale!]
    countries: [StoreCountryInput!]
    distributionChannels: [ResourceIdentifierInput!]
    supplyChannels: [ResourceIdentifierInput!]
    productSelections: [ProductSelectionSettingDraft!]
    custom: CustomFieldsDraft
  }

  input SetStoreName {
    name: [LocalizedStringItemInputType!]
  }
  input SetStoreLanguages {
    languages: [Locale!]
  }
  input SetStoreCountries {
    countries: [StoreCountryInput!]
  }
  input AddStoreCountry {
    country: StoreCountryInput!
  }
  input RemoveStoreCountry {
    country: StoreCountryInput!
  }
  input SetStoreDistributionChannels {
    distributionChannels: [ResourceIdentifierInput!]
  }
  input AddStoreDistributionChannel {
    distributionChannel: ResourceIdentifierInput!
  }
  input RemoveStoreDistributionChannel {
    distributionChannel: ResourceIdentifierInput!
  }
  input SetStoreSupplyChannels {
    supplyChannels: [ResourceIdentifierInput!]
  }
  input AddStoreSupplyChannel {
    supplyChannel: ResourceIdentifierInput!
  }
  input RemoveStoreSupplyChannel {
    supplyChannel: ResourceIdentifierInput!
  }
  input AddStoreProductSelection {
    productSelection: ResourceIdentifierInput!
    active: Boolean
  }
  input RemoveStoreProductSelection {
    productSelection: ResourceIdentifierInput!
  }
  input SetStoreProductSelections {
    productSelections: [ProductSelectionSettingDraft!]
  }
  input ChangeStoreProductSelectionActive {
    productSelection: ResourceIdentifierInput!
    active: Boolean
  }
  input SetStoreCustomType {
    typeId: String
    typeKey: String
    type: ResourceIdentifierInput
    fields: [CustomFieldInput!]
  }
  input SetStoreCustomField {
    name: String!
    value: String
  }

  input StoreUpdateAction {
    setName: SetStoreName
    setLanguages: SetStoreLanguages
    setCountries: SetStoreCountries
    addCountry: AddStoreCountry
    removeCountry: RemoveStoreCountry
    setDistributionChannels: SetStoreDistributionChannels
    addDistributionChannel: AddStoreDistributionChannel
    removeDistributionChannel: RemoveStoreDistributionChannel
    setSupplyChannels: SetStoreSupplyChannels
    addSupplyChannel: AddStoreSupplyChannel
    removeSupplyChannel: RemoveStoreSupplyChannel
    addProductSelection: AddStoreProductSelection
    removeProductSelection: RemoveStoreProductSelection
    setProductSelections: SetStoreProductSelections
    changeProductSelectionStatus: ChangeStoreProductSelectionActive
    setCustomType: SetStoreCustomType
    setCustomField: SetStoreCustomField
  }

  input ChannelDraft {
    key: String!
    roles: [ChannelRole!]
    name: [LocalizedStringItemInputType!]
    description: [LocalizedStringItemInputType!]
    address: AddressInput
    geoLocation: GeometryInput
    custom: CustomFieldsDraft
  }

  input ChangeChannelKey {
    key: String!
  }
  input ChangeChannelName {
    name: [LocalizedStringItemInputType!]
  }
  input ChangeChannelDescription {
    description: [LocalizedStringItemInputType!]
  }
  input SetChannelRoles {
    roles: [ChannelRole!]!
  }
  input AddChannelRoles {
    roles: [ChannelRole!]!
  }
  input RemoveChannelRoles {
    roles: [ChannelRole!]!
  }
  input SetChannelAddress {
    address: AddressInput
  }
  input SetChannelGeoLocation {
    geoLocation: GeometryInput
  }
  input SetChannelCustomType {
    typeId: String
    typeKey: String
    type: ResourceIdentifierInput
    fields: [CustomFieldInput!]
  }
  input SetChannelCustomField {
    name: String!
    value: String
  }

  input ChannelUpdateAction {
    changeKey: ChangeChannelKey
    changeName: ChangeChannelName
    changeDescription: ChangeChannelDescription
    setRoles: SetChannelRoles
    addRoles: AddChannelRoles
    removeRoles: RemoveChannelRoles
    setAddress: SetChannelAddress
    setGeoLocation: SetChannelGeoLocation
    setCustomType: SetChannelCustomType
    setCustomField: SetChannelCustomField
  }

  input CustomerGroupDraft {
    groupName: String!
    key: String
    custom: CustomFieldsDraft
  }

  input ChangeCustomerGroupName {
    name: String!
  }
  input SetCustomerGroupKey {
    key: String
  }
  input SetCustomerGroupCustomType {
    typeId: String
    typeKey: String
    type: ResourceIdentifierInput
    fields: [CustomFieldInput!]
  }
  input SetCustomerGroupCustomField {
    name: String!
    value: String
  }

  input CustomerGroupUpdateAction {
    changeName: ChangeCustomerGroupName
    setKey: SetCustomerGroupKey
    setCustomType: SetCustomerGroupCustomType
    setCustomField: SetCustomerGroupCustomField
  }

  input CustomerSignUpDraft {
    email: String!
    password: String
    key: String
    customerNumber: String
    externalId: String
    firstName: String
    lastName: String
    middleName: String
    title: String
    salutation: String
    dateOfBirth: Date
    companyName: String
    vatId: String
    addresses: [AddressInput!]
    defaultShippingAddress: Int
    shippingAddresses: [Int!]
    defaultBillingAddress: Int
    billingAddresses: [Int!]
    isEmailVerified: Boolean
    locale: Locale
    stores: [ResourceIdentifierInput!]
    authenticationMode: AuthenticationMode
  }

  input ChangeCustomerEmail {
    email: String!
  }
  input SetCustomerFirstName {
    firstName: String
  }
  input SetCustomerLastName {
    lastName: String
  }
  input SetCustomerMiddleName {
    middleName: String
  }
  input SetCustomerTitle {
    title: String
  }
  input SetCustomerSalutation {
    salutation: String
  }
  input SetCustomerKey {
    key: String
  }
  input SetCustomerNumber {
    customerNumber: String
  }
  input SetCustomerExternalId {
    externalId: String
  }
  input SetCustomerCompanyName {
    companyName: String
  }
  input SetCustomerDateOfBirth {
    dateOfBirth: Date
  }
  input SetCustomerVatId {
    vatId: String
  }
  input SetCustomerLocale {
    locale: Locale
  }
  input AddCustomerAddress {
    address: AddressInput!
  }
  input RemoveCustomerAddress {
    addressId: String
    addressKey: String
  }
  input AddCustomerStore {
    store: ResourceIdentifierInput!
  }
  input RemoveCustomerStore {
    store: ResourceIdentifierInput!
  }
  input SetCustomerStores {
    stores: [ResourceIdentifierInput!]!
  }

  input CustomerUpdateAction {
    changeEmail: ChangeCustomerEmail
    setFirstName: SetCustomerFirstName
    setLastName: SetCustomerLastName
    setMiddleName: SetCustomerMiddleName
    setTitle: SetCustomerTitle
    setSalutation: SetCustomerSalutation
    setKey: SetCustomerKey
    setCustomerNumber: SetCustomerNumber
    setExternalId: SetCustomerExternalId
    setCompanyName: SetCustomerCompanyName
    setDateOfBirth: SetCustomerDateOfBirth
    setVatId: SetCustomerVatId
    setLocale: SetCustomerLocale
    addAddress: AddCustomerAddress
    removeAddress: RemoveCustomerAddress
    addStore: AddCustomerStore
    removeStore: RemoveCustomerStore
    setStores: SetCustomerStores
  }

  type Mutation {
    createStore(draft: CreateStore!): Store
    updateStore(version: Long!, actions: [StoreUpdateAction!]!, id: String, key: String): Store
    deleteStore(version: Long!, id: String, key: String): Store
    createChannel(draft: ChannelDraft!): Channel
    updateChannel(version: Long!, actions: [ChannelUpdateAction!]!, id: String, key: String): Channel
    deleteChannel(version: Long!, id: String, key: String): Channel
    createCustomerGroup(draft: CustomerGroupDraft!): CustomerGroup
    updateCustomerGroup(
      version: Long!
      actions: [CustomerGroupUpdateAction!]!
      id: String
      key: String
    ): CustomerGroup
    deleteCustomerGroup(version: Long!, id: String, key: String): CustomerGroup
    customerSignUp(draft: CustomerSignUpDraft!, storeKey: KeyReferenceInput): CustomerSignInResult!
    updateCustomer(
      version: Long!
      actions: [CustomerUpdateAction!]!
      id: String
      key: String
      storeKey: KeyReferenceInput
    ): Customer
    deleteCustomer(version: Long!, id: String, key: String, storeKey: KeyReferenceInput): Customer
  }
`;
