/** The resource with `field` set to `value`, or without the field when the value is absent. */
export function withOptional<T extends object, K extends keyof T>(
  resource: T,
  field: K,
  value: T[K] | undefined | null,
): T {
  if (value === undefined || value === null) {
    const { [field]: _removed, ...rest } = resource;
    return rest as T;
  }
  return { ...resource, [field]: value };
}
