import 'reflect-metadata';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describedOperations, REQUIRED_SCOPES } from '@commerce/auth';
import { Subjects, describe as describeResource, shape } from '@commerce/contracts';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod } from '@nestjs/common';
import type { ModulesContainer } from '@nestjs/core';
import { IsOptional, IsString, Length } from 'class-validator';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import { openApiDocument } from '../openapi/openapi.document.js';
import { declaredRoutes } from '../openapi/route-inventory.js';
import { rootResourceFields } from '../graphql/resolvers/query.resolvers.js';
import { GRAPHQL_TYPE_NAMES, shaped, shapedResources } from '../graphql/resources.js';
import { shapeTypes } from '../graphql/schema/shape-types.js';
import { FIELD_READERS } from '../graphql/schema/shaped.js';
import { TYPES_SDL, queryFields } from '../graphql/schema/types.sdl.js';
import { resourceController } from './resource-controller.js';

// The recipe of docs/ARCHITECTURE.md ("Add a resource"), held to its word: a resource declared here, in this
// file only (its shape, draft, actions and descriptor), gets its REST routes, their scopes, its OpenAPI entries
// and its GraphQL type and fields from the functions the gateway builds the real ones with.

class WidgetDraftDto {
  @IsString()
  @Length(2, 256)
  key: string;

  @IsOptional()
  @IsString()
  color?: string;
}

class SetWidgetColorAction {
  @IsOptional()
  @IsString()
  color?: string;
}

const WidgetShape = shape.resource('Widget', {
  key: shape.key(),
  name: shape.optional(shape.localizedString()),
  color: shape.optional(shape.string()),
  store: shape.reference('store'),
  parts: shape.array(shape.object('WidgetPart', { size: shape.enumOf('WidgetSize', ['S', 'M', 'L']) })),
});

const WidgetResource = describeResource({
  name: 'widgets',
  path: 'widgets',
  typeId: 'widget',
  owner: 'stores-service',
  // Any owner's six subjects: the contracts check what the routes send them.
  subjects: Subjects.stores.store,
  shape: WidgetShape,
  draft: WidgetDraftDto,
  actions: { setColor: SetWidgetColorAction },
  view: ['view_widgets'],
  manage: ['manage_widgets'],
});

const Controller = resourceController(WidgetResource);

describe('adding a resource: one declaration', () => {
  it('gets its REST routes, each with the scopes the guard checks', () => {
    const prototype = Controller.prototype as Record<string, object>;
    const route = (name: string) => [
      RequestMethod[Reflect.getMetadata(METHOD_METADATA, prototype[name]) as RequestMethod],
      Reflect.getMetadata(PATH_METADATA, prototype[name]) as string,
      (Reflect.getMetadata(REQUIRED_SCOPES, prototype[name]) as string[]).join(),
    ];
    expect(['create', 'query', 'existsWhere', 'get', 'exists', 'update', 'delete'].map(route)).toEqual([
      ['POST', '/:projectKey/widgets', 'manage_widgets'],
      ['GET', '/:projectKey/widgets', 'view_widgets'],
      ['HEAD', '/:projectKey/widgets', 'view_widgets'],
      ['GET', '/:projectKey/widgets/:idOrKey', 'view_widgets'],
      ['HEAD', '/:projectKey/widgets/:idOrKey', 'view_widgets'],
      ['POST', '/:projectKey/widgets/:idOrKey', 'manage_widgets'],
      ['DELETE', '/:projectKey/widgets/:idOrKey', 'manage_widgets'],
    ]);
  });

  it('gets its OpenAPI entries: bodies, answers of its shape, scopes; the document stays valid', async () => {
    const modules = new Map([['widgets', { controllers: new Map([['c', { metatype: Controller }]]) }]]);
    const document = openApiDocument(declaredRoutes(modules as unknown as ModulesContainer), {
      operations: describedOperations([WidgetResource]),
      descriptors: [WidgetResource],
    });
    const create = document.paths['/{projectKey}/widgets'].post!;
    expect(create.requestBody!.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WidgetDraftDto',
    });
    expect(create.responses['201'].content!['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Widget',
    });
    expect(create.security).toEqual([
      { oauth2: ['manage_project:{projectKey}'] },
      { oauth2: ['manage_widgets:{projectKey}'] },
    ]);
    expect(document.paths['/{projectKey}/widgets/{idOrKey}'].delete).toBeDefined();
    expect(document.components.schemas.Widget).toMatchObject({
      required: ['id', 'version', 'createdAt', 'lastModifiedAt', 'key', 'store', 'parts'],
      properties: { name: { $ref: '#/components/schemas/LocalizedString' } },
    });
    expect(document.components.schemas.WidgetPart).toEqual({
      type: 'object',
      required: ['size'],
      properties: { size: { type: 'string', enum: ['S', 'M', 'L'] } },
    });
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('gets its GraphQL type, its Query fields and their resolvers', () => {
    const [readable] = shapedResources([WidgetResource]);
    const resource = shaped(readable);
    const derived = shapeTypes([WidgetShape], GRAPHQL_TYPE_NAMES, FIELD_READERS);
    const schema = buildSchema(
      `${TYPES_SDL}\n${derived.sdl}\nextend type Query {\n${queryFields(resource)}\n}`,
    );
    const query = schema.getQueryType()!.getFields();
    expect(String(query.widget.type)).toBe('Widget');
    expect(query.widget.args.map((arg) => arg.name)).toEqual(['id', 'key']);
    expect(String(query.widgets.type)).toBe('WidgetQueryResult!');
    const widget = (schema.getType('Widget') as GraphQLObjectType).getFields();
    expect(String(widget.store.type)).toBe('Store');
    expect(String(widget.storeRef.type)).toBe('Reference!');
    expect(String(widget.nameAllLocales.type)).toBe('[LocalizedString!]');
    expect(String(widget.parts.type)).toBe('[WidgetPart!]!');
    expect(Object.keys(derived.resolvers.Widget).sort()).toEqual(
      ['name', 'nameAllLocales', 'store', 'storeRef'].sort(),
    );
    expect(Object.keys(rootResourceFields([resource]))).toEqual(['widget', 'widgets']);
  });
});
