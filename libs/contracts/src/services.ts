import { RESOURCE_DESCRIPTORS } from './resources/descriptors.js';

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

/** Which service answers a subject, by the subject's first segment: read from the resource descriptors. */
export const SUBJECT_OWNERS: Readonly<Record<string, ServiceName>> = Object.fromEntries(
  RESOURCE_DESCRIPTORS.flatMap((descriptor) =>
    Object.values(descriptor.subjects).map((subject: string) => [
      subject.slice(0, subject.indexOf('.')),
      descriptor.owner,
    ]),
  ),
);

export function ownerOfSubject(subject: string): ServiceName {
  const owner = SUBJECT_OWNERS[subject.slice(0, subject.indexOf('.'))];
  if (!owner) throw new Error(`No service owns subject '${subject}'`);
  return owner;
}
