import {
  EXTENSION_MAX_ACTIONS,
  EXTENSION_RESOURCE_TYPE_IDS,
  type ExtensionAction,
  type RequestContext,
  type TriggeredExtension,
} from '@commerce/contracts';
import { ApiError } from '@commerce/errors';
import { OutboundError, type OutboundClient } from '@commerce/outbound';
import { PredicateEvaluationError, evaluatePredicate, parsePredicate, type Predicate } from '@commerce/query';

/** What the write asks: the extensions triggered by this action on this resource, called; their actions, in order. */
export interface WriteExtensions {
  /** `previous`: the resource before an update (sent as `oldResource` to extensions that ask for it). */
  call(
    ctx: RequestContext,
    typeId: string,
    action: ExtensionAction,
    resource: { id: string },
    previous?: { id: string },
  ): Promise<ExtensionActions>;
}

/** The update actions one extension returned, with who returned them (for ExtensionUpdateActionsFailed). */
export interface ExtensionActions {
  actions: unknown[];
  /** The extensions whose actions these are, for the error when they fail. */
  from: Array<{ extensionId: string; extensionKey?: string }>;
}

const TRIGGERABLE: ReadonlySet<string> = new Set(EXTENSION_RESOURCE_TYPE_IDS);

/** Where the project's extensions come from (a cached subject in services, a list in tests). */
export interface ExtensionSource {
  get(ctx: RequestContext): Promise<TriggeredExtension[]>;
}

function who(extension: TriggeredExtension): { extensionId: string; extensionKey?: string } {
  return {
    extensionId: extension.id,
    ...(extension.key !== undefined ? { extensionKey: extension.key } : {}),
  };
}

const BODY_SHOWN = 2000;

/**
 * Calls API Extensions inside a write, before it commits (checkout facts 11): the extensions with a trigger
 * on the resource type and action, whose condition (if any) holds on the resource, are called at once over
 * HTTP through the SSRF-checked client (no redirects, the extension's timeout); their returned update actions
 * are given back in extension order. An update evaluates only the conditions of the triggers that name
 * `Update`, a create those that name `Create`.
 */
export class ExtensionCalls implements WriteExtensions {
  private readonly predicates = new Map<string, Predicate>();

  constructor(
    private readonly source: ExtensionSource,
    private readonly client: OutboundClient,
  ) {}

  async call(
    ctx: RequestContext,
    typeId: string,
    action: ExtensionAction,
    resource: { id: string },
    previous?: { id: string },
  ): Promise<ExtensionActions> {
    if (!TRIGGERABLE.has(typeId)) return { actions: [], from: [] };
    const extensions = await this.source.get(ctx);
    const triggered = extensions.filter((extension) => this.triggered(extension, typeId, action, resource));
    if (triggered.length === 0) return { actions: [], from: [] };
    const input = { action, resource: { typeId, id: resource.id, obj: resource } };
    const plain = JSON.stringify(input);
    const withOld = previous
      ? JSON.stringify({ ...input, oldResource: { typeId, id: previous.id, obj: previous } })
      : plain;
    const answers = await Promise.all(
      triggered.map((extension) => this.callOne(extension, extension.includeOldResource ? withOld : plain)),
    );
    const actions = answers.flat();
    if (actions.length > EXTENSION_MAX_ACTIONS) {
      throw new ApiError({
        code: 'ExtensionUpdateActionsFailed',
        message: `The extensions returned ${actions.length} update actions; at most ${EXTENSION_MAX_ACTIONS} are applied.`,
        extensionErrors: triggered.map((extension) => ({
          code: 'InvalidInput',
          message: 'Too many update actions.',
          ...who(extension),
        })),
      });
    }
    return { actions, from: triggered.filter((_, index) => answers[index].length > 0).map(who) };
  }

  private triggered(
    extension: TriggeredExtension,
    typeId: string,
    action: ExtensionAction,
    resource: object,
  ): boolean {
    const own = extension.triggers.filter(
      (trigger) => trigger.resourceTypeId === typeId && trigger.actions.includes(action),
    );
    return own.some(
      (trigger) => trigger.condition === undefined || this.holds(extension, trigger.condition, resource),
    );
  }

  private holds(extension: TriggeredExtension, condition: string, resource: object): boolean {
    try {
      let predicate = this.predicates.get(condition);
      if (!predicate) {
        predicate = parsePredicate(condition);
        if (this.predicates.size > 1000) this.predicates.clear();
        this.predicates.set(condition, predicate);
      }
      return evaluatePredicate(predicate, resource);
    } catch (error) {
      const detail =
        error instanceof PredicateEvaluationError ? error.message : 'The condition is not valid.';
      throw new ApiError({
        code: 'ExtensionPredicateEvaluationFailed',
        message: `The condition of the extension ${extension.key ?? extension.id} could not be evaluated: ${detail}`,
        errorByExtension: {
          id: extension.id,
          ...(extension.key !== undefined ? { key: extension.key } : {}),
        },
      });
    }
  }

  private async callOne(extension: TriggeredExtension, input: string): Promise<unknown[]> {
    const { destination } = extension;
    if (destination.type === 'AWSLambda') {
      throw this.noResponse(
        extension,
        'AWS Lambda destinations are accepted but not called by this platform.',
      );
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (destination.type === 'HTTP' && destination.authentication?.type === 'AuthorizationHeader') {
      headers.authorization = destination.authentication.headerValue;
    }
    if (destination.type === 'HTTP' && destination.authentication?.type === 'AzureFunctions') {
      headers['x-functions-key'] = destination.authentication.key;
    }
    let response;
    try {
      response = await this.client.request(destination.url, {
        method: 'POST',
        headers,
        body: input,
        timeoutMs: extension.timeoutInMs,
      });
    } catch (error) {
      if (error instanceof OutboundError && error.reason === 'timeout') {
        throw this.noResponse(extension, `The extension did not answer within ${extension.timeoutInMs} ms.`);
      }
      const detail = error instanceof OutboundError ? error.message : 'The call failed.';
      throw this.badResponse(extension, detail);
    }
    const body = parseJson(response.body);
    if (response.status === 200 || response.status === 201) {
      if (response.body.trim() === '') return [];
      const actions = (body as { actions?: unknown } | undefined)?.actions;
      if (
        body === undefined ||
        typeof body !== 'object' ||
        (actions !== undefined && !Array.isArray(actions))
      ) {
        throw this.badResponse(extension, 'The answer is not a JSON object with an actions array.', response);
      }
      return (actions as unknown[] | undefined) ?? [];
    }
    if (response.status === 400) {
      const errors = (body as { errors?: unknown } | undefined)?.errors;
      if (Array.isArray(errors) && errors.length > 0 && errors.every(isExtensionError)) {
        throw ApiError.passedThrough(
          errors.map((error) => ({
            ...error,
            extensionExtraInfo: error.extensionExtraInfo,
            ...who(extension),
          })),
        );
      }
    }
    throw this.badResponse(extension, `The extension answered with status ${response.status}.`, response);
  }

  private noResponse(extension: TriggeredExtension, message: string): ApiError {
    return new ApiError({ code: 'ExtensionNoResponse', message, ...who(extension) });
  }

  private badResponse(
    extension: TriggeredExtension,
    message: string,
    response?: { status: number; body: string },
  ): ApiError {
    return new ApiError({
      code: 'ExtensionBadResponse',
      message: `Received a bad response from the extension ${extension.key ?? extension.id}: ${message}`,
      extensionErrors: [{ code: 'ExtensionBadResponse', message, ...who(extension) }],
      ...(response
        ? { extensionBody: response.body.slice(0, BODY_SHOWN), extensionStatusCode: response.status }
        : {}),
      extensionId: extension.id,
    });
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isExtensionError(
  value: unknown,
): value is { code: string; message: string; extensionExtraInfo?: unknown; [extra: string]: unknown } {
  const error = value as { code?: unknown; message?: unknown } | null;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** No extension is ever called (tests, services without them). */
export const NO_EXTENSIONS: WriteExtensions = { call: () => Promise.resolve({ actions: [], from: [] }) };
