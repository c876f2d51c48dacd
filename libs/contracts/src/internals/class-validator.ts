import { getMetadataStorage, type MetadataStorage } from 'class-validator';

type Rules = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;
type GroupedRules = ReturnType<MetadataStorage['groupByPropertyName']>;

let installed = false;
let version = 0;

/**
 * Rises whenever class-validator learns a rule or a constraint (a class declared later, a `registerDecorator`
 * call): what is derived from the rules may be kept while it stays the same (the DTO fast path's compiled
 * rules). Counts only once `rememberValidationRules` is installed, which its users do first.
 */
export function validationRulesVersion(): number {
  return version;
}

/**
 * class-validator looks a class's rules up again on every validation of every (nested) object, and the
 * lookup walks every class it knows to find the inherited ones: in the all-in-one process, every DTO of
 * every service, so it was the largest single cost of validating an update (about 5 % of the platform's
 * CPU under an update load). The rules are fixed once the classes are declared, so the lookup and its
 * grouping by property are remembered per class and option set, and all is forgotten whenever a rule is
 * added (a class declared later); `validationRulesVersion` counts those additions. The one module that patches
 * class-validator (docs/ARCHITECTURE.md, "Library internals"); `class-validator.spec.ts` fails when an upgrade
 * makes the patch a no-op.
 */
export function rememberValidationRules(): void {
  if (installed) return;
  installed = true;
  const storage = getMetadataStorage();
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const add = storage.addValidationMetadata.bind(storage);
  const addConstraint = storage.addConstraintMetadata.bind(storage);
  let rules = new Map<unknown, Map<string, Rules>>();
  let grouped = new WeakMap<Rules, GroupedRules>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const options = JSON.stringify([schema, always, strictGroups, groups ?? null]);
    let byOptions = rules.get(target);
    if (!byOptions) rules.set(target, (byOptions = new Map<string, Rules>()));
    let found = byOptions.get(options);
    if (!found) byOptions.set(options, (found = lookUp(target, schema, always, strictGroups, groups)));
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let found = grouped.get(metadata);
    if (!found) grouped.set(metadata, (found = group(metadata)));
    return found;
  };
  storage.addValidationMetadata = (metadata) => {
    rules = new Map();
    grouped = new WeakMap();
    version++;
    add(metadata);
  };
  storage.addConstraintMetadata = (metadata) => {
    version++;
    addConstraint(metadata);
  };
}
