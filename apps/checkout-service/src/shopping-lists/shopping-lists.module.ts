import { ShoppingListResource } from '@commerce/contracts';
import { RpcClient } from '@commerce/messaging';
import {
  ProjectSettings,
  ReferenceResolver,
  engineProvider,
  resourceRpcController,
} from '@commerce/resources';
import { Module } from '@nestjs/common';
import { CHECKOUT_CONFIG, loadCheckoutConfig } from '../config.js';
import { MyShoppingListsController } from './my-shopping-lists.controller.js';
import { MyShoppingListsService } from './my-shopping-lists.service.js';
import { SHOPPING_LIST_ENGINE, defineShoppingList } from './shopping-list.definition.js';
import { ShoppingListSweeper } from './shopping-list-sweeper.js';
import { ShoppingListsService } from './shopping-lists.service.js';

@Module({
  controllers: [resourceRpcController(ShoppingListResource, ShoppingListsService), MyShoppingListsController],
  providers: [
    engineProvider(
      SHOPPING_LIST_ENGINE,
      (resolver: ReferenceResolver, rpc: RpcClient, settings: ProjectSettings) =>
        defineShoppingList({ resolver, rpc, settings }),
      [ReferenceResolver, RpcClient, ProjectSettings],
    ),
    { provide: CHECKOUT_CONFIG, useFactory: loadCheckoutConfig },
    ShoppingListsService,
    MyShoppingListsService,
    ShoppingListSweeper,
  ],
  exports: [SHOPPING_LIST_ENGINE],
})
export class ShoppingListsModule {}
