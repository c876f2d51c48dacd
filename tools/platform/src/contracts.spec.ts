import 'reflect-metadata';
import { allEvents, allSubjects } from '@commerce/contracts';
import { loadServiceConfig, serviceRootModule } from '@commerce/service-kit';
import type { DynamicModule, Type } from '@nestjs/common';
import { SERVICE_APPS } from './all-in-one.js';

// Nest's own metadata keys and handler kinds (`@nestjs/microservices` constants, `PatternHandler`).
const PATTERN_METADATA = 'microservices:pattern';
const PATTERN_HANDLER_METADATA = 'microservices:handler_type';
const MESSAGE = 1;
const EVENT = 2;

type ModuleRef = Type | DynamicModule | Promise<DynamicModule> | { forwardRef: () => Type };

interface Registered {
  subject: string;
  kind: typeof MESSAGE | typeof EVENT;
  where: string;
}

/** Every controller reachable from a module, as Nest would find it (static metadata and dynamic modules). */
async function controllersOf(root: ModuleRef, seen = new Set<unknown>()): Promise<Type[]> {
  const resolved = await root;
  const module = 'forwardRef' in resolved ? resolved.forwardRef() : resolved;
  const cls = 'module' in module ? module.module : module;
  const key = 'module' in module ? module : cls;
  if (seen.has(key)) return [];
  seen.add(key);
  const dynamic = 'module' in module ? module : undefined;
  const controllers: Type[] = [
    ...((Reflect.getMetadata('controllers', cls) as Type[] | undefined) ?? []),
    ...(dynamic?.controllers ?? []),
  ];
  const imports: ModuleRef[] = [
    ...((Reflect.getMetadata('imports', cls) as ModuleRef[] | undefined) ?? []),
    ...((dynamic?.imports as ModuleRef[] | undefined) ?? []),
  ];
  for (const child of imports) controllers.push(...(await controllersOf(child, seen)));
  return controllers;
}

/** The subjects a controller's methods are registered for, with their kind. */
function patternsOf(controller: Type, service: string): Registered[] {
  const prototype = controller.prototype as Record<string, unknown>;
  return Object.getOwnPropertyNames(prototype).flatMap((name) => {
    const method = prototype[name];
    if (typeof method !== 'function') return [];
    const patterns = Reflect.getMetadata(PATTERN_METADATA, method) as unknown[] | undefined;
    const kind = Reflect.getMetadata(PATTERN_HANDLER_METADATA, method) as typeof MESSAGE | typeof EVENT;
    return (patterns ?? []).map((subject) => ({
      subject: String(subject),
      kind,
      where: `${service} ${controller.name}.${name}`,
    }));
  });
}

describe('message contracts at run time', () => {
  let registered: Registered[];

  beforeAll(async () => {
    // The modules are only read, never started: no database is opened.
    const config = loadServiceConfig({ DATABASE_URL: 'postgres://unused@127.0.0.1:1/unused' });
    registered = [];
    for (const app of SERVICE_APPS) {
      const controllers = await controllersOf(serviceRootModule(app, config));
      registered.push(...controllers.flatMap((controller) => patternsOf(controller, app.name)));
    }
  });

  it('has exactly one handler for every subject of the contract map', () => {
    const handlers = registered.filter((r) => r.kind === MESSAGE);
    const problems = allSubjects().flatMap((subject) => {
      const owners = handlers.filter((r) => r.subject === subject).map((r) => r.where);
      return owners.length === 1 ? [] : [`${subject}: ${owners.length} handlers (${owners.join(', ')})`];
    });
    expect(problems).toEqual([]);
  });

  it('registers no handler for a subject outside the contract map', () => {
    const known = new Set<string>(allSubjects());
    const unknown = registered.filter((r) => r.kind === MESSAGE && !known.has(r.subject));
    expect(unknown.map((r) => `${r.subject} (${r.where})`)).toEqual([]);
  });

  it('listens only to events of the event map', () => {
    const known = new Set<string>(allEvents());
    const unknown = registered.filter((r) => r.kind === EVENT && !known.has(r.subject));
    expect(unknown.map((r) => `${r.subject} (${r.where})`)).toEqual([]);
    expect(registered.some((r) => r.kind === EVENT)).toBe(true);
  });
});
