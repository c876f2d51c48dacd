import { StoreDraftDto, Subjects } from '@commerce/contracts';
import { resourceController } from '../resources/resource-controller.js';

export const StoresController = resourceController({
  path: 'stores',
  subjects: Subjects.stores.store,
  typeId: 'store',
  draft: StoreDraftDto,
  view: ['view_stores'],
  manage: ['manage_stores'],
  existsById: ['view_states'],
});
