import { childPath } from './problems';

/**
 * Where a JSON text stops being JSON. JSON.parse says only sometimes (and in English); this scan
 * runs only after JSON.parse has failed, to tell the person the line and column to fix.
 */
export interface JsonSyntaxError {
  offset: number;
  line: number;
  column: number;
  reason: string;
}

interface Container {
  kind: '{' | '[';
  /** Nothing read inside yet: the next token is a first element or the closing bracket. */
  first: boolean;
}

class Scanner {
  i = 0;
  constructor(private readonly s: string) {}

  fail(reason: string): never {
    throw new SyntaxErrorAt(this.i, reason);
  }

  skipSpace(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return;
      this.i++;
    }
  }

  expect(ch: string, reason: string): void {
    this.skipSpace();
    if (this.s[this.i] !== ch) this.unexpected(reason);
    this.i++;
  }

  unexpected(expected: string): never {
    if (this.i >= this.s.length) this.fail(`fin del archivo inesperado; se esperaba ${expected}`);
    this.fail(`carácter inesperado ${JSON.stringify(this.s[this.i])}; se esperaba ${expected}`);
  }

  /** Iterative over containers, so a deeply nested file cannot overflow the stack. */
  document(): void {
    const stack: Container[] = [];
    this.value(stack);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const close = top.kind === '{' ? '}' : ']';
      this.skipSpace();
      if (this.s[this.i] === close) {
        this.i++;
        stack.pop();
        continue;
      }
      if (!top.first) {
        if (this.s[this.i] !== ',') this.unexpected(`"," o "${close}"`);
        this.i++;
      }
      top.first = false;
      if (top.kind === '{') this.member();
      this.value(stack);
    }
    this.skipSpace();
    if (this.i < this.s.length) this.fail('hay contenido después del final del JSON');
  }

  member(): void {
    this.skipSpace();
    if (this.s[this.i] !== '"') this.unexpected('un nombre de propiedad entre comillas dobles');
    this.string();
    this.expect(':', '":"');
  }

  /** A scalar, or the opening of a container (pushed; its elements are read by document()). */
  value(stack: Container[]): void {
    this.skipSpace();
    const c = this.s[this.i];
    if (c === '{' || c === '[') {
      this.i++;
      stack.push({ kind: c, first: true });
    } else if (c === '"') this.string();
    else if (c === '-' || (c >= '0' && c <= '9')) this.number();
    else if (!this.literal('true') && !this.literal('false') && !this.literal('null')) this.unexpected('un valor');
  }

  literal(word: string): boolean {
    if (!this.s.startsWith(word, this.i)) return false;
    this.i += word.length;
    return true;
  }

  string(): void {
    const s = this.s;
    this.i++;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 34) {
        this.i++;
        return;
      }
      if (c < 32) this.fail('carácter de control sin escapar dentro de un texto');
      if (c === 92) {
        const e = s[this.i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(s.slice(this.i + 2, this.i + 6))) this.fail('secuencia \\u inválida');
          this.i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) this.fail('secuencia de escape inválida');
        this.i += 2;
        continue;
      }
      this.i++;
    }
    this.fail('texto sin cerrar: falta la comilla doble final');
  }

  number(): void {
    const match = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
    match.lastIndex = this.i;
    const m = match.exec(this.s);
    if (!m || m[0] === '-') this.fail('número inválido');
    const next = this.s[this.i + m[0].length];
    if (next !== undefined && /[0-9.eE]/.test(next)) this.fail('número inválido');
    this.i += m[0].length;
  }
}

class SyntaxErrorAt extends Error {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** The first syntax error of the text, or undefined when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const scanner = new Scanner(text);
  try {
    scanner.document();
    return undefined;
  } catch (err) {
    if (!(err instanceof SyntaxErrorAt)) throw err;
    return { offset: err.offset, reason: err.reason, ...lineAndColumn(text, err.offset) };
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * The JSON path of the first text (a value or a property name) holding a lone UTF-16 surrogate,
 * or undefined. JSON lets a file write `"\ud800"`, a high surrogate not followed by a low one (or
 * a low one alone); it is no character, and PostgreSQL would store it as U+FFFD, silently
 * changing the data — refused like bytes that are not UTF-8. Iterative, like the scanner.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function findLoneSurrogate(data: unknown): string | undefined {
  for (const [text, path] of texts(data)) if (LONE_SURROGATE.test(text)) return path;
  return undefined;
}

/**
 * Every text of a parsed value with its JSON path, in document order (a property name, with the
 * path of its member, before the texts of its value). Iterative: a deep document cannot overflow the stack.
 */
function* texts(data: unknown): Generator<[string, string]> {
  const stack: [unknown, string, boolean][] = [[data, '$', false]];
  while (stack.length) {
    const [value, path, isKey] = stack.pop()!;
    if (typeof value === 'string') {
      yield [value, path];
      continue;
    }
    if (isKey || value === null || typeof value !== 'object') continue;
    const keys = Object.keys(value);
    // Pushed last to first, so they come out in document order.
    for (let k = keys.length - 1; k >= 0; k--) {
      const key = keys[k];
      const child = Array.isArray(value) ? `${path}[${key}]` : childPath(path, key);
      stack.push([(value as Record<string, unknown>)[key], child, false]);
      if (!Array.isArray(value)) stack.push([key, child, true]);
    }
  }
}

/** The message for a text holding U+0000, the same wherever it is found. */
export const NUL_MESSAGE = 'contiene el carácter U+0000 (NUL, escrito \\u0000), que la base de datos no puede guardar; quítelo';

/**
 * The JSON paths of every text (a value or a property name) holding U+0000, in document order.
 * JSON may write it as `"\u0000"`, but PostgreSQL cannot store it in a text column: refused at
 * validation with its path instead of failing the load with a database error. Iterative, like the scanner.
 */
export function findNulTexts(data: unknown, limit = Infinity): string[] {
  const found: string[] = [];
  for (const [text, path] of texts(data)) {
    if (found.length >= limit) break;
    if (text.includes('\0')) found.push(path);
  }
  return found;
}
