import {
  AddFieldDefinitionAction,
  ChangeFieldDefinitionOrderAction,
  ChangeFieldLabelAction,
  ChangeInputHintAction,
  ChangeTypeKeyAction,
  ChangeTypeNameAction,
  RemoveFieldDefinitionAction,
  SetTypeDescriptionAction,
  type Type,
} from '@commerce/contracts';
import { action, type ActionTable } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import {
  checkUniqueNames,
  fieldDefinitionOf,
  fieldNamed,
  reordered,
  withField,
} from './field-definitions.js';

/** changeName, changeKey, setDescription and the actions on whole field definitions. */
export const typeBasicActions = {
  changeName: action(ChangeTypeNameAction, (type: Type, { name }) => ({ resource: { ...type, name } })),

  changeKey: action(ChangeTypeKeyAction, (type: Type, { key }) => ({ resource: { ...type, key } })),

  setDescription: action(SetTypeDescriptionAction, (type: Type, { description }) => ({
    resource: withOptional(type, 'description', description),
  })),

  addFieldDefinition: action(AddFieldDefinitionAction, (type: Type, { fieldDefinition }) => ({
    resource: {
      ...type,
      fieldDefinitions: checkUniqueNames([...type.fieldDefinitions, fieldDefinitionOf(fieldDefinition)]),
    },
  })),

  removeFieldDefinition: action(RemoveFieldDefinitionAction, (type: Type, { fieldName }) => {
    fieldNamed(type, fieldName);
    return {
      resource: { ...type, fieldDefinitions: type.fieldDefinitions.filter((f) => f.name !== fieldName) },
    };
  }),

  changeLabel: action(ChangeFieldLabelAction, (type: Type, { fieldName, label }) => ({
    resource: withField(type, fieldName, (field) => ({ ...field, label })),
  })),

  changeInputHint: action(ChangeInputHintAction, (type: Type, { fieldName, inputHint }) => ({
    resource: withField(type, fieldName, (field) => ({ ...field, inputHint })),
  })),

  changeFieldDefinitionOrder: action(ChangeFieldDefinitionOrderAction, (type: Type, { fieldNames }) => ({
    resource: {
      ...type,
      fieldDefinitions: reordered(
        type.fieldDefinitions,
        (field) => field.name,
        fieldNames,
        'field definition',
      ),
    },
  })),
} satisfies ActionTable<Type>;
