import { Public } from '@commerce/auth';
import { Controller, Get, Head, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGES_PREFIX } from './image-names.js';
import { ImageFilesService } from './image-files.service.js';

interface ImagePath {
  projectKey: string;
  imageId: string;
  fileName: string;
}

/**
 * The uploaded images, public like a CDN's: an image's URL is unguessable and never changes its bytes, so
 * caches may keep it for a year. ETag and `If-None-Match` spare a revalidation the bytes.
 */
@Public()
@Controller(IMAGES_PREFIX)
export class ImageFilesController {
  constructor(private readonly files: ImageFilesService) {}

  @Get(':projectKey/:imageId/:fileName')
  async get(@Param() path: ImagePath, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.send(path, request, reply, true);
  }

  @Head(':projectKey/:imageId/:fileName')
  async head(@Param() path: ImagePath, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    await this.send(path, request, reply, false);
  }

  private async send(
    { projectKey, imageId, fileName }: ImagePath,
    request: FastifyRequest,
    reply: FastifyReply,
    withBody: boolean,
  ): Promise<void> {
    const stored = await this.files.read(request.url.split('?')[0], projectKey, imageId, fileName);
    void reply.headers({
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: stored.etag,
      'X-Content-Type-Options': 'nosniff',
      'Cross-Origin-Resource-Policy': 'cross-origin',
    });
    if (request.headers['if-none-match'] === stored.etag) {
      await reply.code(304).send();
      return;
    }
    void reply.headers({ 'Content-Type': stored.contentType, 'Content-Length': String(stored.body.length) });
    await reply.code(200).send(withBody ? stored.body : undefined);
  }
}
