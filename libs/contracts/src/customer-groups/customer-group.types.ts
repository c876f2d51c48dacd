import type { BaseResource, CustomFields, ResourceIdentifier } from '../common/types.js';

/** Reference facts 4.3: the draft says `groupName`, the resource says `name` (unique per project). */
export interface CustomerGroup extends BaseResource {
  key?: string;
  name: string;
  custom?: CustomFields;
}

export interface CustomerGroupDraft {
  key?: string;
  groupName: string;
  custom?: { type: ResourceIdentifier<'type'>; fields?: Record<string, unknown> };
}
