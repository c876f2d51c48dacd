import type { FieldType } from '@commerce/contracts';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a custom field value fits its field type. */
export function fitsFieldType(type: FieldType, value: unknown): boolean {
  switch (type.name) {
    case 'Boolean':
      return typeof value === 'boolean';
    case 'String':
      return typeof value === 'string';
    case 'Number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'LocalizedString':
      return isObject(value) && Object.values(value).every((v) => typeof v === 'string');
    case 'Money':
      return (
        isObject(value) &&
        typeof value.currencyCode === 'string' &&
        /^[A-Z]{3}$/.test(value.currencyCode) &&
        Number.isInteger(value.centAmount)
      );
    case 'Date':
      return typeof value === 'string' && DATE.test(value);
    case 'Time':
      return typeof value === 'string' && TIME.test(value);
    case 'DateTime':
      return typeof value === 'string' && DATETIME.test(value) && !Number.isNaN(Date.parse(value));
    case 'Enum':
    case 'LocalizedEnum':
      return typeof value === 'string' && type.values.some((entry) => entry.key === value);
    case 'Reference':
      return isObject(value) && value.typeId === type.referenceTypeId && typeof value.id === 'string';
    case 'Set':
      return Array.isArray(value) && value.every((element) => fitsFieldType(type.elementType, element));
  }
}
