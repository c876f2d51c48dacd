import { IsString, IsUrl, MaxLength, ValidateIf, isURL, registerDecorator } from 'class-validator';
import type { Storefront } from './store.shape.js';

/**
 * The Storefront's fields (PSDK9 `Storefront`), each set by its own Store action (`set<Field>`, Message
 * `Store<Field>Set`): two RFC 6570 URI templates, each with the variable it must contain, and eight absolute
 * https URLs.
 */
export const STOREFRONT_FIELDS = {
  checkoutUrlTemplate: { variable: 'checkoutId' },
  orderUrlTemplate: { variable: 'orderId' },
  termsOfServiceUrl: {},
  privacyPolicyUrl: {},
  refundPolicyUrl: {},
  shippingPolicyUrl: {},
  cookiePolicyUrl: {},
  imprintUrl: {},
  faqUrl: {},
  contactUrl: {},
} as const satisfies Record<string, { variable?: string }>;

export type StorefrontField = keyof typeof STOREFRONT_FIELDS;

const HTTPS_URL: NonNullable<Parameters<typeof isURL>[1]> = {
  protocols: ['https'],
  require_protocol: true,
  require_tld: false,
};

/** RFC 6570 section 2.3: a variable name, with an optional prefix (`:1` to `:9999`) or explode (`*`) modifier. */
const VARSPEC =
  /^((?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*)(?::[1-9]\d{0,3}|\*)?$/;
/** RFC 6570 section 2.1: the characters a literal may hold (besides percent-encoded triplets). */
const LITERAL = /^(?:[^\p{Cc}\s"'%<>\\^`{|}]|%[0-9A-Fa-f]{2})*$/u;

/**
 * The variable names of an RFC 6570 URI template, or undefined when it is not one: literals and expressions
 * `{[operator]varspec,...}` with the operators of levels 2 to 4.
 */
export function uriTemplateVariables(template: string): string[] | undefined {
  const variables: string[] = [];
  for (const [index, part] of template.split('{').entries()) {
    const [expression, literal, ...extra] = index === 0 ? [undefined, part] : part.split('}');
    if (extra.length > 0 || literal === undefined || !LITERAL.test(literal)) return undefined;
    if (expression === undefined) continue;
    const list = /^[+#./;?&]/.test(expression) ? expression.slice(1) : expression;
    for (const varspec of list.split(',')) {
      const name = VARSPEC.exec(varspec)?.[1];
      if (!name) return undefined;
      variables.push(name);
    }
  }
  return variables;
}

/** Whether a value is an RFC 6570 template with the variable that expands to an absolute https URL. */
export function isUrlTemplate(value: unknown, variable: string): boolean {
  if (typeof value !== 'string') return false;
  const variables = uriTemplateVariables(value);
  if (!variables?.includes(variable)) return false;
  return isURL(value.replace(/\{[^}]*\}/g, 'x'), HTTPS_URL);
}

function IsUrlTemplate(variable: string): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isUrlTemplate',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message: `${String(propertyName)} must be an RFC 6570 URI template of an https URL with the variable '${variable}'.`,
      },
      validator: { validate: (value: unknown) => isUrlTemplate(value, variable) },
    });
}

/**
 * The rules of one Storefront field, on any class that holds it (the Storefront, its field's action): absent
 * or empty means not set.
 */
function storefrontField(prototype: object, field: StorefrontField): void {
  const { variable } = STOREFRONT_FIELDS[field] as { variable?: string };
  ValidateIf((object: Record<string, unknown>) => object[field] !== undefined && object[field] !== '')(
    prototype,
    field,
  );
  IsString()(prototype, field);
  MaxLength(2_048)(prototype, field);
  if (variable) IsUrlTemplate(variable)(prototype, field);
  else IsUrl(HTTPS_URL, { message: `${field} must be an absolute https URL.` })(prototype, field);
}

const FIELDS = Object.keys(STOREFRONT_FIELDS) as StorefrontField[];

/** A Store draft's `storefront`. */
export class StorefrontDto implements Storefront {
  checkoutUrlTemplate?: string;
  orderUrlTemplate?: string;
  termsOfServiceUrl?: string;
  privacyPolicyUrl?: string;
  refundPolicyUrl?: string;
  shippingPolicyUrl?: string;
  cookiePolicyUrl?: string;
  imprintUrl?: string;
  faqUrl?: string;
  contactUrl?: string;
}
for (const field of FIELDS) storefrontField(StorefrontDto.prototype, field);

/** The name of the action that sets a Storefront field: `setFaqUrl`. */
export type StorefrontActionName<F extends StorefrontField = StorefrontField> = `set${Capitalize<F>}`;

export const storefrontActionName = <F extends StorefrontField>(field: F): StorefrontActionName<F> =>
  `set${field.charAt(0).toUpperCase()}${field.slice(1)}` as StorefrontActionName<F>;

type StorefrontActions = {
  [F in StorefrontField as StorefrontActionName<F>]: new () => Partial<Record<F, string>>;
};

function storefrontAction(field: StorefrontField): new () => object {
  class SetStorefrontFieldAction {}
  storefrontField(SetStorefrontFieldAction.prototype, field);
  Object.defineProperty(SetStorefrontFieldAction, 'name', { value: `StoreSet_${field}_Action` });
  return SetStorefrontFieldAction;
}

/** The ten Storefront actions by name (`setFaqUrl: {faqUrl?}`): absent or empty removes the field. */
export const STOREFRONT_ACTIONS = Object.fromEntries(
  FIELDS.map((field) => [storefrontActionName(field), storefrontAction(field)]),
) as StorefrontActions;
