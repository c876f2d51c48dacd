import { CUSTOMER_WRITES, ENGINE_WRITES } from '../resources.js';
import { INPUTS_SDL } from './inputs.sdl.js';

/**
 * The write side of the GraphQL schema: the input types, generated from the DTOs (`inputs.sdl.ts`), and the
 * Mutation root. As in the live API, an update action is an input object with one optional field per action
 * (`{setName: {name: [...]}}`); exactly one of them is set per list element.
 */
export const MUTATIONS_SDL = /* GraphQL */ `
  ${INPUTS_SDL}

  input CustomObjectDraft {
    container: String!
    key: String!
    value: Json!
    version: Long
  }

  type Mutation {
    ${ENGINE_WRITES.map(({ name, draftInput, create, keyArg, inStore, dryRun }) => {
      const store = inStore ? ', storeKey: KeyReferenceInput' : '';
      const dry = dryRun ? ', dryRun: Boolean = false' : '';
      return `
    ${create}(draft: ${draftInput}!${store}): ${name}
    update${name}(version: Long!, actions: [${name}UpdateAction!]!, id: String, ${keyArg}: String${store}${dry}): ${name}
    delete${name}(version: Long!, id: String, ${keyArg}: String${store}): ${name}`;
    }).join('')}
    createMyCart(draft: MyCartDraft!, storeKey: KeyReferenceInput): Cart
    updateMyCart(id: String!, version: Long!, actions: [MyCartUpdateAction!]!, storeKey: KeyReferenceInput): Cart
    deleteMyCart(id: String!, version: Long!, storeKey: KeyReferenceInput): Cart
    replicateMyCart(reference: ReferenceInput!): Cart
    replicateCart(reference: ReferenceInput!, key: String, storeKey: KeyReferenceInput): Cart
    createMyOrderFromCart(draft: OrderMyCartCommand!, storeKey: KeyReferenceInput): Order
    createMyPayment(draft: MyPaymentDraft!): Payment
    updateMyPayment(id: String!, version: Long!, actions: [MyPaymentUpdateAction!]!): Payment
    deleteMyPayment(id: String!, version: Long!): Payment
    createMyShoppingList(draft: MyShoppingListDraft!, storeKey: KeyReferenceInput): ShoppingList
    updateMyShoppingList(
      version: Long!
      actions: [MyShoppingListUpdateAction!]!
      id: String
      key: String
      storeKey: KeyReferenceInput
    ): ShoppingList
    deleteMyShoppingList(version: Long!, id: String, key: String, storeKey: KeyReferenceInput): ShoppingList
    customerSignUp(draft: ${CUSTOMER_WRITES.draftInput}!, storeKey: KeyReferenceInput): CustomerSignInResult!
    updateCustomer(
      version: Long!
      actions: [${CUSTOMER_WRITES.name}UpdateAction!]!
      id: String
      key: String
      storeKey: KeyReferenceInput
    ): Customer
    deleteCustomer(version: Long!, id: String, key: String, storeKey: KeyReferenceInput): Customer
    createOrUpdateCustomObject(draft: CustomObjectDraft!): CustomObject
    deleteCustomObject(
      version: Long
      id: String
      container: String
      key: String
      personalDataErasure: Boolean = false
    ): CustomObject
  }
`;
