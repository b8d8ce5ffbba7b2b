import type { Type } from '@nestjs/common';
import { DECORATORS } from '@nestjs/swagger';
import type { LegacyField, LegacyObjectSchema } from './legacy-json';

/** The OpenAPI options one `@ApiProperty` stored (only what the drift checks read). */
interface PropertyDoc {
  type?: unknown;
  isArray?: boolean;
  nullable?: boolean;
  required?: boolean;
  enum?: unknown;
}

/** `() => Dto` (lazy reference) or `[Dto]` → Dto; a constructor stays as it is. */
function resolveType(type: unknown): { type: unknown; isArray: boolean } {
  if (Array.isArray(type)) return { type: resolveType(type[0]).type, isArray: true };
  if (typeof type === 'function' && !type.prototype) return resolveType((type as () => unknown)());
  return { type, isArray: false };
}

/**
 * The properties a response DTO documents for OpenAPI, in declaration order (the order Swagger
 * lists them in), with their options. Inherited properties come first, as Swagger shows them.
 */
export function documentedProperties(dto: Type<unknown>): { name: string; doc: PropertyDoc }[] {
  const names = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, dto.prototype) as string[] | undefined) ?? [];
  return names.map((key) => {
    const name = key.replace(/^:/, '');
    return { name, doc: (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype, name) as PropertyDoc | undefined) ?? {} };
  });
}

/** OpenAPI type names a legacy scalar kind may be documented as. */
const DOC_TYPES: Record<string, readonly string[]> = {
  string: ['string'],
  uuid: ['string'],
  date: ['string'],
  instant: ['string'],
  double: ['number'],
  int: ['integer', 'number'],
  bool: ['boolean'],
};

function docTypeName(type: unknown): string | undefined {
  if (typeof type === 'string') return type;
  if (type === String) return 'string';
  if (type === Number) return 'number';
  if (type === Boolean) return 'boolean';
  return undefined;
}

function unwrapNullable(field: LegacyField): { field: LegacyField; nullable: boolean } {
  if (typeof field === 'string')
    return field.endsWith('?') ? { field: field.slice(0, -1) as LegacyField, nullable: true } : { field, nullable: false };
  const keys = Object.keys(field);
  if (keys.length === 1 && keys[0] === 'nullable')
    return { field: unwrapNullable((field as { nullable: LegacyField }).nullable).field, nullable: true };
  return { field, nullable: false };
}

/**
 * Every difference between what a response DTO documents and what the legacy writer's schema
 * writes, as readable lines (empty when they agree): field names and their order, nullability,
 * scalar type, arrays, and nested objects recursively. A field added to one and not the other
 * shows up here, so a spec asserting `[]` fails.
 */
export function legacySchemaDrift(dto: Type<unknown>, schema: LegacyObjectSchema, path = dto.name): string[] {
  const problems: string[] = [];
  const props = documentedProperties(dto);
  const documented = props.map((p) => p.name);
  const written = Object.keys(schema);
  if (documented.join(',') !== written.join(',')) {
    problems.push(`${path}: the DTO documents [${documented.join(', ')}] but the writer writes [${written.join(', ')}]`);
  }
  for (const { name, doc } of props) {
    if (!(name in schema)) continue;
    const at = `${path}.${name}`;
    const { field, nullable } = unwrapNullable(schema[name]);
    if (Boolean(doc.nullable) !== nullable)
      problems.push(`${at}: nullable is ${Boolean(doc.nullable)} in the DTO, ${nullable} in the writer`);
    const resolved = resolveType(doc.type);
    const isArray = resolved.isArray || doc.isArray === true;
    let element = field;
    if (typeof field === 'object' && Object.keys(field).length === 1 && 'arrayOf' in field) {
      if (!isArray) problems.push(`${at}: the writer writes an array, the DTO documents a single value`);
      element = (field as { arrayOf: LegacyField }).arrayOf;
    } else if (isArray) {
      problems.push(`${at}: the DTO documents an array, the writer writes a single value`);
    }
    if (typeof element === 'string') {
      const kind = unwrapNullable(element).field as string;
      const docType = docTypeName(resolved.type) ?? (doc.enum !== undefined ? 'string' : undefined);
      if (!docType || !DOC_TYPES[kind]?.includes(docType))
        problems.push(`${at}: documented as ${docType ?? String(resolved.type)}, written as ${kind}`);
    } else if (typeof resolved.type === 'function' && resolved.type.prototype) {
      problems.push(...legacySchemaDrift(resolved.type as Type<unknown>, unwrapNullable(element).field as LegacyObjectSchema, at));
    } else {
      problems.push(`${at}: the writer writes an object, the DTO documents ${String(resolved.type)}`);
    }
  }
  return problems;
}
