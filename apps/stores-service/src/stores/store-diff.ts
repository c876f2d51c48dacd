/** What was added to and removed from a list, compared by a key. */
export function diff<T>(before: T[], after: T[], key: (item: T) => string): { added: T[]; removed: T[] } {
  const beforeKeys = new Set(before.map(key));
  const afterKeys = new Set(after.map(key));
  return {
    added: after.filter((item) => !beforeKeys.has(key(item))),
    removed: before.filter((item) => !afterKeys.has(key(item))),
  };
}

/** A message payload field only when the list is not empty. */
export function nonEmpty<K extends string, T>(name: K, list: T[]): Partial<Record<K, T[]>> {
  return (list.length > 0 ? { [name]: list } : {}) as Partial<Record<K, T[]>>;
}

export const byId = (item: { id: string }) => item.id;
export const byCode = (item: { code: string }) => item.code;
export const bySelection = (item: { productSelection: { id: string } }) => item.productSelection.id;
