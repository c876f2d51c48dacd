import { Public } from '@commerce/auth';
import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { openApiDocument, type OpenApiDocument } from './openapi.document.js';
import { DOCS_ASSETS, loadDocsAssets, openApiPage, type DocsAsset } from './openapi.page.js';
import { declaredRoutes } from './route-inventory.js';

/** The API's description, public like the GraphQL schema: it describes the API, no data. */
@Controller()
export class OpenApiController {
  private described?: { document: OpenApiDocument; page: string };
  private assets?: Promise<Record<DocsAsset, string>>;

  constructor(private readonly modules: ModulesContainer) {}

  /** Built on first use, when every controller of the gateway is registered. */
  private description() {
    if (!this.described) {
      const document = openApiDocument(declaredRoutes(this.modules));
      this.described = { document, page: openApiPage(document) };
    }
    return this.described;
  }

  @Public()
  @Get('openapi.json')
  json(): OpenApiDocument {
    return this.description().document;
  }

  @Public()
  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  html(): string {
    return this.description().page;
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
