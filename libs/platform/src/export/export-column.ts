import type { LegacyField, LegacyObjectSchema, LegacyScalar } from '../http/legacy-json/legacy-json';

/**
 * What a column holds, which decides how a value is written (CONTRACT §8): `number` as a plain
 * decimal (never Java notation) and a numeric cell, `date` as yyyy-MM-dd and a date cell,
 * `timestamp` as ISO-8601 UTC and a date-time cell, `uuid` as in JSON (32 uppercase hex digits).
 */
export type ColumnKind = 'text' | 'number' | 'date' | 'timestamp' | 'boolean' | 'uuid';

/** One column of an export: `name` is the JSON field, nested objects flattened with dots (`grupoPago.codigo`). */
export interface ExportColumn {
  readonly name: string;
  readonly kind: ColumnKind;
}

/** A column layout as nested objects in the JSON's field order: `{ uuid: 'uuid', grupoPago: { codigo: 'text' } }`. */
export interface ColumnLayout {
  readonly [field: string]: ColumnKind | ColumnLayout;
}

/** The flat column list of a layout, in its field order, nested names joined with dots. */
export function exportColumns(layout: ColumnLayout, prefix = ''): ExportColumn[] {
  return Object.entries(layout).flatMap(([field, kind]) =>
    typeof kind === 'string' ? [{ name: prefix + field, kind }] : exportColumns(kind, `${prefix}${field}.`),
  );
}

const LEGACY_KIND: Record<LegacyScalar, ColumnKind> = {
  string: 'text',
  uuid: 'uuid',
  double: 'number',
  int: 'number',
  bool: 'boolean',
  date: 'date',
  instant: 'timestamp',
};

/**
 * The columns of a payroll element from the schema its legacy JSON is written with, so the
 * export and the JSON answer cannot drift apart. Arrays have no place in a flat row: a schema
 * holding one is a programming error.
 */
export function columnsFromLegacySchema(schema: LegacyObjectSchema, prefix = ''): ExportColumn[] {
  return Object.entries(schema).flatMap(([field, f]) => legacyFieldColumns(prefix + field, f));
}

function legacyFieldColumns(name: string, field: LegacyField): ExportColumn[] {
  if (typeof field === 'string') return [{ name, kind: LEGACY_KIND[field.replace(/\?$/, '') as LegacyScalar] }];
  const keys = Object.keys(field);
  if (keys.length === 1 && keys[0] === 'nullable') return legacyFieldColumns(name, (field as { nullable: LegacyField }).nullable);
  if (keys.length === 1 && keys[0] === 'arrayOf') throw new Error(`Export: the field ${name} is an array; a flat export cannot hold it.`);
  return columnsFromLegacySchema(field as LegacyObjectSchema, `${name}.`);
}

/** Reads a column's value from a row (nested objects by the dotted path); a missing parent is null. */
export function columnGetter(name: string): (row: object) => unknown {
  const path = name.split('.');
  if (path.length === 1) return (row) => (row as Record<string, unknown>)[name];
  return (row) => {
    let v: unknown = row;
    for (const key of path) {
      if (v === null || v === undefined) return null;
      v = (v as Record<string, unknown>)[key];
    }
    return v;
  };
}
