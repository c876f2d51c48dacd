// Renders a kustomization with the real tool (`kubectl kustomize`) and parses the output with `yaml`.
import { execFileSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';

/** The objects of a rendered kustomization directory. Throws with kubectl's message when it fails. */
export function renderKustomization(dir) {
  let output;
  try {
    output = execFileSync('kubectl', ['kustomize', dir], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const reason =
      error.code === 'ENOENT' ? 'kubectl is not installed' : String(error.stderr || error.message);
    throw new Error(`kubectl kustomize ${dir} failed: ${reason.trim()}`);
  }
  return parseObjects(output);
}

/** Parses a multi-document YAML stream; a YAML error is an error, not a skipped document. */
export function parseObjects(text) {
  const objects = [];
  for (const doc of parseAllDocuments(text)) {
    if (doc.errors.length > 0) throw new Error(`invalid YAML: ${doc.errors[0].message}`);
    const value = doc.toJS();
    if (value != null) objects.push(value);
  }
  return objects;
}

export const describe = (object) => `${object.kind}/${object.metadata?.name}`;
