import { describe, expect, it } from '@jest/globals';
import { allEvents, allSubjects } from '@commerce/contracts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.js';

/** `a.{b,c}.d` -> `a.b.d`, `a.c.d` (nested groups too). */
export function expandBraces(pattern: string): string[] {
  const open = pattern.indexOf('{');
  if (open < 0) return [pattern];
  const close = pattern.indexOf('}', open);
  const head = pattern.slice(0, open);
  const tail = pattern.slice(close + 1);
  return pattern
    .slice(open + 1, close)
    .split(',')
    .flatMap((choice) => expandBraces(`${head}${choice}${tail}`));
}

/** The subjects the "Subjects" table of docs/ARCHITECTURE.md names, each row's first cell expanded. */
function documentedSubjects(): string[] {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
  const section = doc.slice(doc.indexOf('### Subjects'), doc.indexOf('\n## ', doc.indexOf('### Subjects')));
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => {
    const cell = row.split('|')[1];
    return [...cell.matchAll(/`([^`]+)`/g)].flatMap((match) => expandBraces(match[1]));
  });
}

describe('docs/ARCHITECTURE.md, Subjects', () => {
  const documented = documentedSubjects();
  const families = documented.filter((s) => s.startsWith('<prefix>.')).map((s) => s.slice('<prefix>'.length));
  const literal = documented.filter((s) => !s.startsWith('<prefix>.'));
  const declared = [...allSubjects(), ...allEvents()] as string[];

  it('expands brace groups', () => {
    expect(expandBraces('a.{b,c}.{d,e}')).toEqual(['a.b.d', 'a.b.e', 'a.c.d', 'a.c.e']);
  });

  it('names every declared subject and event once', () => {
    const generated = (subject: string) => families.some((suffix) => subject.endsWith(suffix));
    expect(declared.filter((subject) => !literal.includes(subject) && !generated(subject))).toEqual([]);
    expect(literal.filter((subject, i) => literal.indexOf(subject) !== i)).toEqual([]);
  });

  it('names no subject the contracts do not declare', () => {
    expect(literal.filter((subject) => !declared.includes(subject))).toEqual([]);
    expect(families.filter((suffix) => !declared.some((subject) => subject.endsWith(suffix)))).toEqual([]);
  });
});
