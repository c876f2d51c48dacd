import { CUSTOMER_WRITES, ENGINE_WRITES, MY_SHOPPING_LIST_WRITES } from '../resources.js';
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
    ${ENGINE_WRITES.map(({ name, draftInput, descriptor }) => {
      // A resource also served in a Store takes `storeKey`: then it acts in that Store only.
      const store = descriptor.inStore ? ', storeKey: KeyReferenceInput' : '';
      return `
    create${name}(draft: ${draftInput}!${store}): ${name}
    update${name}(version: Long!, actions: [${name}UpdateAction!]!, id: String, key: String${store}): ${name}
    delete${name}(version: Long!, id: String, key: String${store}): ${name}`;
    }).join('')}
    create${MY_SHOPPING_LIST_WRITES.name}(draft: ${MY_SHOPPING_LIST_WRITES.draftInput}!, storeKey: KeyReferenceInput): ShoppingList
    update${MY_SHOPPING_LIST_WRITES.name}(
      version: Long!
      actions: [${MY_SHOPPING_LIST_WRITES.name}UpdateAction!]!
      id: String
      key: String
      storeKey: KeyReferenceInput
    ): ShoppingList
    delete${MY_SHOPPING_LIST_WRITES.name}(version: Long!, id: String, key: String, storeKey: KeyReferenceInput): ShoppingList
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
