import {
  CustomerAddCustomerGroupAssignmentAction,
  CustomerRemoveCustomerGroupAssignmentAction,
  CustomerSetCustomerGroupAction,
  CustomerSetCustomerGroupAssignmentsAction,
  type Customer,
  type CustomerGroupAssignment,
  type RequestContext,
  type ResourceIdentifier,
} from '@commerce/contracts';
import { Errors } from '@commerce/errors';
import { action, type ActionTable, type ReferenceResolver } from '@commerce/resources';
import { withField } from './customer-deps.js';

/** Customer groups by identifier, each of which must exist (`catalog.resolve`), as assignments. */
export async function groupAssignments(
  resolver: ReferenceResolver,
  ctx: RequestContext,
  identifiers: ResourceIdentifier[],
): Promise<CustomerGroupAssignment[]> {
  const groups = await resolver.require(ctx, 'customer-group', identifiers);
  const unique = [...new Map(groups.map((group) => [group.id, group])).values()];
  return unique.map((group) => ({ customerGroup: { typeId: 'customer-group', id: group.id } }));
}

const sameGroup = (a: CustomerGroupAssignment, id: string) => a.customerGroup.id === id;

/** The customer group (`setCustomerGroup`) and the group assignments. */
export function groupActions(resolver: ReferenceResolver): ActionTable<Customer> {
  return {
    setCustomerGroup: action(
      CustomerSetCustomerGroupAction,
      async (customer: Customer, { customerGroup }, { ctx }) => {
        if (!customerGroup) {
          return {
            resource: withField(customer, 'customerGroup', undefined),
            messages: [{ type: 'CustomerGroupSet' }],
          };
        }
        const [assignment] = await groupAssignments(resolver, ctx, [customerGroup]);
        return {
          resource: { ...customer, customerGroup: assignment.customerGroup },
          messages: [{ type: 'CustomerGroupSet', customerGroup: assignment.customerGroup }],
        };
      },
    ),

    addCustomerGroupAssignment: action(
      CustomerAddCustomerGroupAssignmentAction,
      async (customer: Customer, { customerGroupAssignment }, { ctx }) => {
        const [assignment] = await groupAssignments(resolver, ctx, [customerGroupAssignment.customerGroup]);
        if (customer.customerGroupAssignments.some((a) => sameGroup(a, assignment.customerGroup.id))) {
          throw Errors.invalidOperation(
            `The customer is already assigned to the customer group '${assignment.customerGroup.id}'.`,
          );
        }
        return {
          resource: {
            ...customer,
            customerGroupAssignments: [...customer.customerGroupAssignments, assignment],
          },
          messages: [{ type: 'CustomerGroupAssignmentAdded', customerGroupAssignment: assignment }],
        };
      },
    ),

    removeCustomerGroupAssignment: action(
      CustomerRemoveCustomerGroupAssignmentAction,
      async (customer: Customer, { customerGroup }, { ctx }) => {
        const [group] = await resolver.require(ctx, 'customer-group', [customerGroup]);
        const assignment = customer.customerGroupAssignments.find((a) => sameGroup(a, group.id));
        if (!assignment) {
          throw Errors.invalidOperation(`The customer is not assigned to the customer group '${group.id}'.`);
        }
        return {
          resource: {
            ...customer,
            customerGroupAssignments: customer.customerGroupAssignments.filter((a) => a !== assignment),
          },
          messages: [{ type: 'CustomerGroupAssignmentRemoved', customerGroupAssignment: assignment }],
        };
      },
    ),

    setCustomerGroupAssignments: action(
      CustomerSetCustomerGroupAssignmentsAction,
      async (customer: Customer, { customerGroupAssignments }, { ctx }) => {
        const assignments = await groupAssignments(
          resolver,
          ctx,
          customerGroupAssignments.map((draft) => draft.customerGroup),
        );
        return {
          resource: { ...customer, customerGroupAssignments: assignments },
          messages: [
            {
              type: 'CustomerGroupAssignmentsSet',
              customerGroupAssignments: assignments,
              oldCustomerGroupAssignments: customer.customerGroupAssignments,
            },
          ],
        };
      },
    ),
  };
}
