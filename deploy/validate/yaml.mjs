// A small YAML reader for the block-style subset the manifests use: mappings, sequences, quoted and plain
// scalars, `|`/`>` block scalars and one-level `[a, b]`/`{a: b}` flow collections. Anchors, tags, nested
// flow collections and multi-line plain scalars are reported as unsupported rather than guessed at.
import { readFileSync } from 'node:fs';

class YamlError extends Error {}

function stripComment(text) {
  let quote = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      if (i === 0 || /[\s:[{,-]/.test(text[i - 1])) quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      return text.slice(0, i).trimEnd();
    }
  }
  return text.trimEnd();
}

const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s'"#\-[{][^]*?|-[^\s][^]*?)\s*:(?:\s+(.*))?$/;

function splitFlow(inner, where) {
  if (/[[\]{}]/.test(inner)) throw new YamlError(`${where}: nested flow collections are not supported`);
  const parts = [];
  let cur = '';
  let quote = null;
  for (const c of inner) {
    if (quote) {
      if (c === quote) quote = null;
      cur += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      cur += c;
    } else if (c === ',') {
      parts.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  if (cur.trim() !== '') parts.push(cur.trim());
  return parts;
}

function scalar(text, where) {
  const t = text.trim();
  if (t.startsWith('"')) {
    if (!t.endsWith('"') || t.length < 2) throw new YamlError(`${where}: unterminated string ${t}`);
    return JSON.parse(t);
  }
  if (t.startsWith("'")) {
    if (!t.endsWith("'") || t.length < 2) throw new YamlError(`${where}: unterminated string ${t}`);
    return t.slice(1, -1).replaceAll("''", "'");
  }
  if (t.startsWith('[')) {
    if (!t.endsWith(']')) throw new YamlError(`${where}: multi-line flow sequences are not supported`);
    return splitFlow(t.slice(1, -1), where).map((p) => scalar(p, where));
  }
  if (t.startsWith('{')) {
    if (!t.endsWith('}')) throw new YamlError(`${where}: multi-line flow mappings are not supported`);
    const obj = {};
    for (const p of splitFlow(t.slice(1, -1), where)) {
      const m = KEY.exec(p);
      if (!m) throw new YamlError(`${where}: cannot read flow mapping entry '${p}'`);
      obj[scalar(m[1], where)] = m[2] === undefined ? null : scalar(m[2], where);
    }
    return obj;
  }
  if (t === '' || t === '~' || t === 'null') return null;
  if (t === 'true') return true;
  if (t === 'false') return false;
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (/^[&*!]/.test(t)) throw new YamlError(`${where}: anchors, aliases and tags are not supported`);
  return t;
}

class YamlParser {
  constructor(lines, file) {
    this.file = file;
    this.i = 0;
    this.lines = lines.map(({ raw, no }) => {
      const trimmed = raw.trim();
      if (raw.includes('\t') && /^\s*\t/.test(raw)) throw new YamlError(`${file}:${no}: tab indentation`);
      return {
        raw,
        no,
        blank: trimmed === '' || trimmed.startsWith('#'),
        indent: raw.search(/\S/),
        text: stripComment(raw.trimStart()),
      };
    });
  }
  where(line) {
    return `${this.file}:${line ? line.no : 'end'}`;
  }
  peek() {
    while (this.i < this.lines.length && this.lines[this.i].blank) this.i++;
    return this.lines[this.i] ?? null;
  }
  document() {
    const first = this.peek();
    if (!first) return undefined;
    const value = this.node(first.indent);
    const rest = this.peek();
    if (rest) throw new YamlError(`${this.where(rest)}: unexpected indentation or content`);
    return value;
  }
  node(indent) {
    const line = this.peek();
    if (!line || line.indent < indent) return null;
    if (isSeqItem(line.text)) return this.sequence(line.indent);
    if (KEY.test(line.text)) return this.mapping(line.indent);
    this.i++;
    return scalar(line.text, this.where(line));
  }
  sequence(indent) {
    const items = [];
    for (let line = this.peek(); line && line.indent === indent && isSeqItem(line.text); line = this.peek()) {
      const rest = line.text.slice(1);
      if (rest.trim() === '') {
        this.i++;
        items.push(this.node(indent + 1));
        continue;
      }
      // "- key: v" continues as a mapping indented to where "key" starts.
      const inner = indent + 1 + (rest.length - rest.trimStart().length);
      this.lines[this.i] = { ...line, indent: inner, text: rest.trimStart() };
      items.push(this.node(inner));
    }
    return items;
  }
  mapping(indent) {
    const obj = {};
    for (let line = this.peek(); line && line.indent === indent; line = this.peek()) {
      if (isSeqItem(line.text)) break;
      const m = KEY.exec(line.text);
      if (!m) throw new YamlError(`${this.where(line)}: expected 'key: value', got '${line.text}'`);
      const key = scalar(m[1], this.where(line));
      if (Object.hasOwn(obj, key)) throw new YamlError(`${this.where(line)}: duplicate key '${key}'`);
      this.i++;
      const value = m[2] ?? '';
      if (/^[|>][+-]?\d*$/.test(value)) obj[key] = this.blockScalar(indent, value);
      else if (value !== '') obj[key] = scalar(value, this.where(line));
      else {
        const next = this.peek();
        if (next && next.indent > indent) obj[key] = this.node(next.indent);
        else if (next && next.indent === indent && isSeqItem(next.text)) obj[key] = this.sequence(indent);
        else obj[key] = null;
      }
    }
    const next = this.peek();
    if (next && next.indent > indent) throw new YamlError(`${this.where(next)}: unexpected indentation`);
    return obj;
  }
  blockScalar(indent, header) {
    const body = [];
    while (this.i < this.lines.length) {
      const line = this.lines[this.i];
      if (line.raw.trim() !== '' && line.indent <= indent) break;
      body.push(line.raw);
      this.i++;
    }
    const contentIndent = Math.min(...body.filter((l) => l.trim() !== '').map((l) => l.search(/\S/)));
    const text = body.map((l) => l.slice(contentIndent)).join(header.startsWith('>') ? ' ' : '\n');
    return header.includes('-') ? text.trimEnd() : `${text.trimEnd()}\n`;
  }
}

function isSeqItem(text) {
  return text === '-' || text.startsWith('- ');
}

/** Parses every document of a YAML file; on a syntax problem reports it and returns []. */
export function readYaml(file, report) {
  report.checks++;
  const docs = [[]];
  readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((raw, idx) => {
      if (/^---\s*(#.*)?$/.test(raw)) docs.push([]);
      else docs[docs.length - 1].push({ raw, no: idx + 1 });
    });
  try {
    return docs.map((lines) => new YamlParser(lines, report.rel(file)).document()).filter((d) => d != null);
  } catch (err) {
    if (!(err instanceof YamlError)) throw err;
    report.problem(report.rel(file), `cannot read YAML: ${err.message}`);
    return [];
  }
}
