/**
 * Paging, filter and sort of the payroll lists (CONTRACT §3.2), shared by every list controller
 * and handler of the context. Pure functions, no Nest: the controller parses, the handler builds
 * SQL with `foldedContainsPatternSql` / `orderBy`.
 */
import { type FieldProblem, validationError } from '@app/platform/errors/domain-error';

export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

export interface ListParams {
  offset: number;
  size: number;
  /** Trimmed, non-blank filter text; absent when no filter applies. */
  filter?: string;
  /** The request's order (replaces the default), or the list's default order. Never includes the tie-breaker. */
  sort: SortKey[];
}

export interface ListSpec {
  sortable: readonly string[];
  defaultSort: readonly SortKey[];
}

export const DEFAULT_SIZE = 20;
export const MAX_SIZE = 1000;
export const MAX_OFFSET = 2_147_483_647;
export const MAX_FILTER_LENGTH = 200;

const DIGITS = /^[0-9]+$/;

/** Query values arrive as string, string[] (repeated parameter) or undefined. */
function single(query: Record<string, unknown>, name: string, errors: FieldProblem[]): string | undefined {
  const raw = query[name];
  if (raw === undefined || raw === null) return undefined;
  if (Array.isArray(raw)) {
    if (raw.length === 1) return String(raw[0]);
    errors.push({ field: name, message: 'Debe indicarse una sola vez.' });
    return undefined;
  }
  return String(raw);
}

function many(query: Record<string, unknown>, name: string): string[] {
  const raw = query[name];
  if (raw === undefined || raw === null) return [];
  return (Array.isArray(raw) ? raw : [raw]).map(String);
}

function integer(
  query: Record<string, unknown>,
  name: 'offset' | 'size',
  fallback: number,
  max: number,
  form: string,
  errors: FieldProblem[],
): number {
  const text = single(query, name, errors)?.trim();
  // An empty value (`?offset=`) is treated like an absent one, as Spring did with `Integer` params.
  if (text === undefined || text === '') return fallback;
  if (!DIGITS.test(text)) {
    errors.push({ field: name, message: `Debe ser ${form}; se recibió "${text.slice(0, 40)}".` });
    return fallback;
  }
  // Compared as a number: digits beyond 2^53 are still far above every limit.
  const value = Number(text);
  if (value > max) {
    errors.push({ field: name, message: `Debe ser ${form}; se recibió ${text.length > 20 ? text.slice(0, 20) + '…' : text}.` });
    return fallback;
  }
  return value;
}

function parseFilter(query: Record<string, unknown>, errors: FieldProblem[]): string | undefined {
  const text = single(query, 'filter', errors);
  if (text === undefined) return undefined;
  if (text.includes('\u0000')) {
    errors.push({ field: 'filter', message: 'No puede contener el carácter NUL.' });
    return undefined;
  }
  // Counted in code points, as a person counts characters.
  if ([...text].length > MAX_FILTER_LENGTH) {
    errors.push({ field: 'filter', message: `Debe tener como máximo ${MAX_FILTER_LENGTH} caracteres.` });
    return undefined;
  }
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

function parseSort(query: Record<string, unknown>, spec: ListSpec, errors: FieldProblem[]): SortKey[] {
  const values = many(query, 'sort').filter((v) => v.trim() !== '');
  if (values.length === 0) return spec.defaultSort.map((k) => ({ ...k }));
  const allowed = `Campos permitidos: ${spec.sortable.join(', ')}`;
  const form = 'Use sort=<campo>,asc o sort=<campo>,desc (repita el parámetro para ordenar por varios campos).';
  const keys: SortKey[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    const parts = value.split(',').map((p) => p.trim());
    if (parts.length > 2) {
      errors.push({ field: 'sort', message: `"${value.slice(0, 60)}" no es válido. ${form} ${allowed}.` });
      continue;
    }
    const [field, dir = ''] = parts;
    if (!spec.sortable.includes(field)) {
      errors.push({ field: 'sort', message: `Campo de orden desconocido: "${field.slice(0, 60)}". ${allowed}.` });
      continue;
    }
    const direction = dir === '' ? 'asc' : dir.toLowerCase();
    if (direction !== 'asc' && direction !== 'desc') {
      errors.push({ field: 'sort', message: `Dirección de orden desconocida: "${dir.slice(0, 20)}". Valores permitidos: asc, desc.` });
      continue;
    }
    // A repeated field adds nothing to the order; the first occurrence wins.
    if (seen.has(field)) continue;
    seen.add(field);
    keys.push({ field, direction });
  }
  return keys;
}

/**
 * Parses offset/size/page/filter/sort from the raw Fastify query (values may be string |
 * string[]); throws validationError (400, errors[] naming each param and the accepted form).
 * `page` is accepted with any value and ignored (SPEC 4.2). Unknown parameters are ignored.
 */
export function parseListParams(query: Record<string, unknown>, spec: ListSpec): ListParams {
  const errors: FieldProblem[] = [];
  const offset = integer(query ?? {}, 'offset', 0, MAX_OFFSET, `un entero entre 0 y ${MAX_OFFSET}`, errors);
  const size = integer(query ?? {}, 'size', DEFAULT_SIZE, MAX_SIZE, `un entero entre 0 y ${MAX_SIZE}`, errors);
  const filter = parseFilter(query ?? {}, errors);
  const sort = parseSort(query ?? {}, spec, errors);
  if (errors.length > 0) throw validationError(errors);
  return filter === undefined ? { offset, size, sort } : { offset, size, filter, sort };
}

// ---------------------------------------------------------------------------------------------
// Filter

/** JS twin of the database's app_fold (lower(unaccent())): NFD, strip combining marks, lower case. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Escapes LIKE's metacharacters for `like ... escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

/**
 * SQL LIKE pattern for the accent/case-folded filter, folded in JS: '%' + escaped(fold(filter))
 * + '%' (use with `like $n escape '\'`). Close to, but not always equal to, the database's
 * app_fold (unaccent also maps ligatures and full-width forms, e.g. '％' → '%'); prefer
 * `foldedContainsPatternSql`, which folds in SQL so both sides agree exactly.
 */
export function likeContains(filter: string): string {
  return '%' + escapeLike(foldText(filter)) + '%';
}

/**
 * SQL expression for the LIKE pattern of a filter held in the bind parameter `param` (e.g. '$2'):
 * the text is folded with app_fold first and escaped after, so characters that unaccent turns
 * into '%', '_' or '\' stay literal. Use as `x_fold like ${foldedContainsPatternSql('$2')} escape '\'`;
 * with an unnamed statement the planner folds it to a constant, so trigram indexes apply.
 */
export function foldedContainsPatternSql(param: string): string {
  if (!/^\$[1-9][0-9]*$/.test(param)) throw new Error(`foldedContainsPatternSql: ${param} is not a bind parameter`);
  return `('%' || replace(replace(replace(app_fold(${param}::text), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;
}

// ---------------------------------------------------------------------------------------------
// Order

export interface SortColumn {
  /** SQL expression of the field (whitelisted by the caller, never user input). */
  sql: string;
  /** Text fields order by the folded value first, then the exact value in byte order. */
  text?: boolean;
  /** Folded expression when a stored one exists (e.g. e.nombre_fold); default app_fold(sql). */
  foldedSql?: string;
}

/**
 * ORDER BY clause (including the words `order by`) from sort keys: `columns` maps API field →
 * SQL expression; text fields order by the folded value, then the exact value collate "C".
 * `tieBreaker` (the element's uuid column) ends every order, ascending. Only the whitelisted
 * expressions of `columns` are ever interpolated; an unmapped field is a programming error.
 */
export function orderBy(sort: readonly SortKey[], columns: Record<string, SortColumn>, tieBreaker: string): string {
  const terms: string[] = [];
  for (const { field, direction } of sort) {
    const column = Object.prototype.hasOwnProperty.call(columns, field) ? columns[field] : undefined;
    if (!column) throw new Error(`orderBy: no SQL column mapped for sort field "${field}"`);
    const dir = direction === 'desc' ? 'desc' : 'asc';
    if (column.text) {
      terms.push(`${column.foldedSql ?? `app_fold(${column.sql})`} ${dir}`, `${column.sql} collate "C" ${dir}`);
    } else {
      terms.push(`${column.sql} ${dir}`);
    }
  }
  terms.push(`${tieBreaker} asc`);
  return 'order by ' + terms.join(', ');
}
