/** The platform's processes. The order fixes each one's embedded TCP port: base + index. */
export const SERVICE_NAMES = [
  'api-gateway',
  'auth-service',
  'stores-service',
  'catalog-service',
  'insights-service',
  'import-service',
  'checkout-service',
] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Which service answers a subject, read from the subject's first segment. */
export const SUBJECT_OWNERS: Record<string, ServiceName> = {
  auth: 'auth-service',
  stores: 'stores-service',
  catalog: 'catalog-service',
  insights: 'insights-service',
  import: 'import-service',
  checkout: 'checkout-service',
};

export function ownerOfSubject(subject: string): ServiceName {
  const owner = SUBJECT_OWNERS[subject.slice(0, subject.indexOf('.'))];
  if (!owner) throw new Error(`No service owns subject '${subject}'`);
  return owner;
}
