const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^[A-Za-z0-9_-]{1,256}$/;

/**
 * The spec gives the user and the cart request the same shape, `GET <callback_path>/<id>`. This callback tells
 * them apart by the id: cart ids are UUIDs, anything else is a customer's key (so customer keys must not be
 * UUIDs here). Undefined for an id that is neither.
 */
export function kindOf(id: string): 'user' | 'cart' | undefined {
  if (!ID.test(id)) return undefined;
  return UUID.test(id) ? 'cart' : 'user';
}
