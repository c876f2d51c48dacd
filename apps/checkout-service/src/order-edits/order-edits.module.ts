import { OrderEditResource } from '@commerce/contracts';
import { ReferenceResolver, engineProvider, resourceRpcController } from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CartsModule } from '../carts/carts.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { OrderEditApplication } from './order-edit-apply.js';
import { OrderEditPreviews } from './order-edit-preview.js';
import { ORDER_EDIT_ENGINE, defineOrderEdit } from './order-edit.definition.js';
import { OrderEditApplyController } from './order-edits.controller.js';
import { OrderEditsService } from './order-edits.service.js';

@Module({
  imports: [CartsModule, OrdersModule],
  controllers: [resourceRpcController(OrderEditResource, OrderEditsService), OrderEditApplyController],
  providers: [
    OrderEditPreviews,
    engineProvider(
      ORDER_EDIT_ENGINE,
      (resolver: ReferenceResolver, previews: OrderEditPreviews) => defineOrderEdit(resolver, previews),
      [ReferenceResolver, OrderEditPreviews],
    ),
    OrderEditsService,
    OrderEditApplication,
  ],
  exports: [OrderEditPreviews, ORDER_EDIT_ENGINE],
})
export class OrderEditsModule {}
