/**
 * HTTP spelling of the payroll lists' paging, filter and sort (CONTRACT §3.2): the raw Fastify
 * query in, the query side's ListParams out (`queries/listing`), or a 400 naming each bad
 * parameter and its accepted form.
 */
import { createParamDecorator, type ExecutionContext, type PipeTransform } from '@nestjs/common';
import { type FieldProblem, validationError } from '@nomina-api/platform/errors';
import { DEFAULT_SIZE, type ListParams, type ListSpec, MAX_FILTER_LENGTH, MAX_OFFSET, MAX_SIZE, type SortKey } from '../queries/listing';
import { httpRequest } from '@nomina-api/platform/http';

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
 * `paged` says whether the request named a page, which an export follows (CONTRACT §8).
 */
export function parseListParams(query: Record<string, unknown>, spec: ListSpec): ListParams {
  const errors: FieldProblem[] = [];
  const offset = integer(query ?? {}, 'offset', 0, MAX_OFFSET, `un entero entre 0 y ${MAX_OFFSET}`, errors);
  const size = integer(query ?? {}, 'size', DEFAULT_SIZE, MAX_SIZE, `un entero entre 0 y ${MAX_SIZE}`, errors);
  const filter = parseFilter(query ?? {}, errors);
  const sort = parseSort(query ?? {}, spec, errors);
  if (errors.length > 0) throw validationError(errors);
  const paged = given(query?.offset) || given(query?.size);
  return filter === undefined ? { offset, size, sort, paged } : { offset, size, filter, sort, paged };
}

/** An export pages only when the request gives `offset` or `size` (an empty value counts as absent, as in JSON). */
function given(value: unknown): boolean {
  return value !== undefined && value !== '';
}

/** Raw Fastify query: values are string, string[] (repeated parameter) or absent. */
export type RawQuery = Record<string, unknown>;

/** What a list operation reads from its request: the raw query and the path parameters. */
export interface ListRequestParts {
  query: RawQuery;
  params: Record<string, string>;
}

/**
 * Raw request parts → `{ list, ...own }`. `own` parses the operation's own parameters (path or
 * query) BEFORE the list's, so their problem wins as it did when controllers parsed by hand
 * (a missing params[estados] is a 500, a bad date a 400 about the date, whatever offset says).
 */
export class ListQueryPipe<Own extends object> implements PipeTransform<ListRequestParts, Own & { list: ListParams }> {
  constructor(
    private readonly spec: ListSpec,
    private readonly own: (parts: ListRequestParts) => Own,
  ) {}

  transform(parts: ListRequestParts): Own & { list: ListParams } {
    const own = this.own(parts);
    return { ...own, list: parseListParams(parts.query, this.spec) };
  }
}

const RequestParts = createParamDecorator((_: unknown, ctx: ExecutionContext): ListRequestParts => {
  const req = httpRequest<{ query?: RawQuery | null; params?: Record<string, string> | null }>(ctx);
  return { query: req.query ?? {}, params: req.params ?? {} };
});

const NOTHING_OWN = (): object => ({});

/**
 * The typed request of a payroll list operation: `@ListQuery(SPEC) { list }` or, with the
 * operation's own parameters, `@ListQuery(SPEC, parseOwn) { list, ...own }`. A custom parameter
 * rather than `@Query()` so one pipe sees path and query in a fixed order (Nest resolves
 * separate parameters concurrently); Swagger does not read it (the operation's *.openapi.ts does).
 */
export function ListQuery<Own extends object = object>(spec: ListSpec, own?: (parts: ListRequestParts) => Own): ParameterDecorator {
  return RequestParts(new ListQueryPipe(spec, own ?? (NOTHING_OWN as () => Own)));
}
