import { Public } from '@commerce/auth';
import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { DOCS_PAGE_HEADERS } from '../http/security-headers.js';
import type { OpenApiDocument } from './openapi.document.js';
import { DOCS_ASSETS, loadDocsAssets, openApiPage, type DocsAsset } from './openapi.page.js';
import { declaredRoutes } from './route-inventory.js';

/** The API's description, public like the GraphQL schema: it describes the API, no data. */
@Controller()
export class OpenApiController {
  private described?: Promise<{ document: OpenApiDocument; page: string }>;
  private assets?: Promise<Record<DocsAsset, string>>;

  constructor(private readonly modules: ModulesContainer) {}

  /**
   * Built on first use, when every controller of the gateway is registered; the generator and its JSON Schema
   * library are loaded only then (a gateway that is never asked for its description does not hold them).
   */
  private description(): Promise<{ document: OpenApiDocument; page: string }> {
    this.described ??= import('./openapi.document.js').then(({ openApiDocument }) => {
      const document = openApiDocument(declaredRoutes(this.modules));
      return { document, page: openApiPage(document) };
    });
    return this.described;
  }

  @Public()
  @Get('openapi.json')
  async json(): Promise<OpenApiDocument> {
    return (await this.description()).document;
  }

  @Public()
  @Get('docs')
  @RouteConfig({ securityHeaders: DOCS_PAGE_HEADERS })
  @Header('Content-Type', 'text/html; charset=utf-8')
  async html(): Promise<string> {
    return (await this.description()).page;
  }

  @Public()
  @Get('docs/:asset')
  async asset(@Param('asset') name: string, @Res() reply: FastifyReply): Promise<void> {
    if (!Object.hasOwn(DOCS_ASSETS, name)) throw new NotFoundException();
    this.assets ??= loadDocsAssets();
    const asset = name as DocsAsset;
    await reply
      .header('Content-Type', DOCS_ASSETS[asset])
      .header('Cache-Control', 'public, max-age=3600')
      .send((await this.assets)[asset]);
  }
}
