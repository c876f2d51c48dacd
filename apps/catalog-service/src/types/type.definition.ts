import { TypeDraftDto, type Type, TypeResource } from '@commerce/contracts';
import type { ResourceDefinition, DeclaredActionTable } from '@commerce/resources';
import { unique } from '../shared/fields.js';
import { checkUniqueNames, fieldDefinitionOf } from './field-definitions.js';
import { refuseIfCatalogRefers } from './type-references.js';
import { typeBasicActions } from './type-basic-actions.js';
import { typeEnumActions } from './type-enum-actions.js';
import { typesTable } from './types.table.js';

export const TYPE_ENGINE = Symbol('TYPE_ENGINE');

/** Types: the field definitions custom fields are checked against. */
export function defineType(): ResourceDefinition<Type, TypeDraftDto> {
  return {
    typeId: TypeResource.typeId,
    table: typesTable,
    draft: TypeDraftDto,
    actions: { ...typeBasicActions, ...typeEnumActions } satisfies DeclaredActionTable<
      Type,
      typeof TypeResource.actions
    >,
    build: (draft) => ({
      key: draft.key,
      name: draft.name,
      ...(draft.description ? { description: draft.description } : {}),
      resourceTypeIds: unique(draft.resourceTypeIds),
      fieldDefinitions: checkUniqueNames((draft.fieldDefinitions ?? []).map(fieldDefinitionOf)),
    }),
    async beforeDelete(type, { ctx, db }) {
      await refuseIfCatalogRefers(db, ctx.projectKey, type.id);
    },
  };
}
