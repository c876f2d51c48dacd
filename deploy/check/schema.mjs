// Validates rendered objects against the Kubernetes OpenAPI schemas (kubernetes-models) and the schemas of
// the CRDs the manifests use (Gateway API, prometheus-operator, External Secrets Operator). An object whose
// apiVersion/kind has no known schema is an error: nothing is skipped silently.
import { describe } from './render.mjs';

/** apiVersion group -> the package holding its models; the core and built-in groups are kubernetes-models. */
const CRD_PACKAGES = {
  'gateway.networking.k8s.io': '@kubernetes-models/gateway-api',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
  'external-secrets.io': '@kubernetes-models/external-secrets',
};

/**
 * CRDs whose schema no maintained package ships, checked by the policy script instead (explicitly listed so
 * that nothing else slips through). NGINX Gateway Fabric's ClientSettingsPolicy carries the 16 MB body limit.
 */
export const UNCHECKED_KINDS = new Set(['gateway.nginx.org/v1alpha1/ClientSettingsPolicy']);

async function modelOf(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const specifier = CRD_PACKAGES[group]
    ? `${CRD_PACKAGES[group]}/${group}/${version}`
    : `kubernetes-models/${group ? `${group}/` : ''}${version}`;
  try {
    const module = await import(specifier);
    return module[kind];
  } catch {
    return undefined;
  }
}

/** Problems of every object: unknown kinds and schema violations, each named by kind and name. */
export async function validateSchemas(objects) {
  const problems = [];
  for (const object of objects) {
    const { apiVersion, kind } = object;
    if (typeof apiVersion !== 'string' || typeof kind !== 'string') {
      problems.push(`${describe(object)}: apiVersion and kind are required`);
      continue;
    }
    if (UNCHECKED_KINDS.has(`${apiVersion}/${kind}`)) continue;
    const Model = await modelOf(apiVersion, kind);
    if (typeof Model !== 'function') {
      problems.push(`${describe(object)}: no schema known for ${apiVersion} ${kind}`);
      continue;
    }
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(`${describe(object)}: ${error.message}`);
    }
  }
  return problems;
}
