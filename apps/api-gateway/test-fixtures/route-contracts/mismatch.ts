// Compiled by route-contracts.spec.ts, which expects exactly the errors marked `expect-error`.
import { StoreDraftDto, Subjects, describe } from '@commerce/contracts';
import { resourceController } from '../../src/resources/resource-controller.js';

const resource = {
  name: 'widgets',
  path: 'widgets',
  typeId: 'widget',
  owner: 'stores-service',
  draft: StoreDraftDto,
  view: ['view_stores'],
  manage: ['manage_stores'],
} as const;

// The create route sends `{ctx, draft}`: a subject that takes a sign-in does not accept it.
export const SignInAsCreate = describe({
  ...resource,
  subjects: { ...Subjects.stores.store, create: Subjects.auth.customerAccount.signIn }, // expect-error TS2820
});

// The query route reads a page: a subject that answers one Store is refused.
export const GetAsQuery = describe({
  ...resource,
  subjects: { ...Subjects.stores.store, query: Subjects.stores.store.get }, // expect-error TS2820
});

// A get by `ref` needs a subject that takes one: the price import takes a container key and a request.
export const ImportAsGet = describe({
  ...resource,
  subjects: { get: Subjects.import.prices }, // expect-error TS2322
});

// The routes of a described resource are built from what compiled.
export const routes = resourceController(SignInAsCreate);
