import { Module } from '@nestjs/common';
import { PagedClient } from '../catalog/paged-client.js';
import { InStoreProductsController } from './in-store-products.controller.js';
import { InStoreProductsService } from './in-store-products.service.js';

@Module({ controllers: [InStoreProductsController], providers: [InStoreProductsService, PagedClient] })
export class InStoreCatalogModule {}
