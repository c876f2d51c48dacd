import {
  RecurrencePolicyDraftDto,
  RecurrencePolicySetDescriptionAction,
  RecurrencePolicySetKeyAction,
  RecurrencePolicySetNameAction,
  RecurrencePolicySetScheduleAction,
  type RecurrencePolicy,
  type RecurrencePolicyResource,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type DeclaredActionTable, type ResourceDefinition } from '@commerce/resources';
import { withOptional } from '../shared/fields.js';
import { recurrencePoliciesTable } from './recurrence-policies.table.js';
import { scheduleOf } from './schedule.js';

export const RECURRENCE_POLICY_ENGINE = Symbol('RECURRENCE_POLICY_ENGINE');

type Policy = RecurrencePolicy;

export const recurrencePolicyActions = {
  setKey: action(RecurrencePolicySetKeyAction, (policy: Policy, { key }) => {
    // The key is required on a recurrence policy (SDK): it can be changed, never removed.
    if (key === undefined || key === null)
      throw Errors.invalidOperation('A recurrence policy must keep a key; setKey needs one.');
    return { resource: { ...policy, key } };
  }),
  setName: action(RecurrencePolicySetNameAction, (policy: Policy, { name }) => ({
    resource: withOptional(policy, 'name', name),
  })),
  setDescription: action(RecurrencePolicySetDescriptionAction, (policy: Policy, { description }) => ({
    resource: withOptional(policy, 'description', description),
  })),
  setSchedule: action(RecurrencePolicySetScheduleAction, (policy: Policy, { schedule }) => ({
    resource: { ...policy, schedule: scheduleOf(schedule) },
  })),
} satisfies DeclaredActionTable<Policy, typeof RecurrencePolicyResource.actions>;

/**
 * Recurrence policies (beta): a reusable schedule. A recurring order copies its policy's schedule when it is
 * created or given `setSchedule`; changing the policy later does not move existing recurring orders.
 */
export function defineRecurrencePolicy(): ResourceDefinition<Policy, RecurrencePolicyDraftDto> {
  return {
    typeId: 'recurrence-policy',
    table: recurrencePoliciesTable,
    draft: RecurrencePolicyDraftDto,
    actions: recurrencePolicyActions,
    build: (draft) => ({
      key: draft.key,
      ...(draft.name ? { name: draft.name } : {}),
      ...(draft.description ? { description: draft.description } : {}),
      schedule: scheduleOf(draft.schedule),
    }),
  };
}
