import { Public } from '@commerce/auth';
import { Controller, Get, Header } from '@nestjs/common';
import { openApiDocument, type OpenApiDocument } from './openapi.document.js';
import { openApiPage } from './openapi.page.js';

/** The API's description, public like the GraphQL schema: it describes the API, no data. */
@Controller()
export class OpenApiController {
  private readonly document = openApiDocument();
  private readonly page = openApiPage(this.document);

  @Public()
  @Get('openapi.json')
  json(): OpenApiDocument {
    return this.document;
  }

  @Public()
  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  html(): string {
    return this.page;
  }
}
