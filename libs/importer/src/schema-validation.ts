import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { NOMINA_DATASET_DEFS } from '@nomina-api/nomina/persistence';
import { PLATFORM_DATASET_DEFS } from '@nomina-api/platform/bulk';
import { PROVEEDORES_DATASET_DEFS } from '@nomina-api/proveedores/persistence';
import { REPORTES_DATASET_DEFS } from '@nomina-api/reportes/persistence';
import datasetShell from './schema/dataset.schema.json';
import { childPath, type ProblemList } from './problems';

/**
 * Layer one of the validation: the JSON schema, compiled once by Ajv, with each error turned into
 * a JSON path and a Spanish sentence a person preparing the file can act on.
 *
 * The tenant's long lists (payments, sales, employees, catalogs, suppliers: LIST_FIELDS) are
 * validated one item at a time against their own definitions, in file order, after the rest of the
 * document: Ajv with allErrors builds every error before returning, and a million broken items
 * validated in one call would hold a million error objects (and a streamed file never holds the
 * list); item by item, only the first MAX_PROBLEMS are kept.
 */

/**
 * The import schema (the contract's dataset.schema.json): the dataset, tenant and value
 * definitions of ./schema, with each context's own item definitions (persistence/dataset.schema.ts).
 */
export const DATASET_SCHEMA: object = {
  ...datasetShell,
  $defs: { ...datasetShell.$defs, ...PLATFORM_DATASET_DEFS, ...NOMINA_DATASET_DEFS, ...REPORTES_DATASET_DEFS, ...PROVEEDORES_DATASET_DEFS },
};

/** The tenant's lists validated item by item (and streamed from the file), each with its item's definition. */
export const LIST_FIELDS = {
  tiposCotizante: 'tipoCotizante',
  conceptos: 'concepto',
  gruposPago: 'grupoPago',
  empleados: 'empleado',
  pagos: 'pago',
  categorias: 'categoria',
  productos: 'producto',
  ventas: 'venta',
  proveedores: 'proveedor',
} as const;
export type ListField = keyof typeof LIST_FIELDS;

export const isListField = (key: unknown): key is ListField => typeof key === 'string' && Object.hasOwn(LIST_FIELDS, key);

interface Validators {
  /** The dataset with the items of LIST_FIELDS left unchecked. */
  shell: ValidateFunction;
  items: Record<ListField, ValidateFunction>;
  /** A payment with its payslips left unchecked (they are checked one by one, as they are read). */
  pagoHeader: ValidateFunction;
  payslip: ValidateFunction;
}

/** An object whose members, one per key, are each compiled on first read and then kept. */
function compiledOnUse<K extends string>(keys: readonly K[], compile: (key: K) => ValidateFunction): Record<K, ValidateFunction> {
  const target = {} as Record<K, ValidateFunction>;
  for (const key of keys) {
    Object.defineProperty(target, key, {
      enumerable: true,
      get: () => {
        const validate = compile(key);
        Object.defineProperty(target, key, { value: validate, enumerable: true });
        return validate;
      },
      configurable: true,
    });
  }
  return target;
}

let compiled: Validators | undefined;

function validators(): Validators {
  if (compiled) return compiled;
  const shell = structuredClone(DATASET_SCHEMA) as unknown as { $id: string; $defs: { tenant: { properties: Record<string, unknown> } } };
  for (const field of Object.keys(LIST_FIELDS)) shell.$defs.tenant.properties[field] = { type: 'array' };
  const defs = shell.$defs as unknown as Record<string, { properties: Record<string, unknown> }>;
  defs.pagoHeader = { ...defs.pago, properties: { ...defs.pago.properties, empleados: { type: 'array' } } };
  // verbose: anyOf errors then carry their branches, which is how their message is written.
  // validateSchema: false spares every import compiling the draft 2020-12 meta-schema (~50 ms of a
  // one-payment merge's start); schema-validation.spec.ts checks the schema against it instead.
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strictTypes: false, validateSchema: false });
  ajv.addSchema(shell);
  const get = (ref: string): ValidateFunction => ajv.getSchema(`${shell.$id}${ref}`)!;
  // Each validator is compiled when first used: a file of one payment never compiles those of sales,
  // products or suppliers (compiling is most of an import's schema cost on a small file).
  const refs = { shell: '', pagoHeader: '#/$defs/pagoHeader', payslip: '#/$defs/pago/properties/empleados/items' } as const;
  compiled = Object.assign(
    compiledOnUse(Object.keys(refs) as (keyof typeof refs)[], (key) => get(refs[key])),
    { items: compiledOnUse(Object.keys(LIST_FIELDS) as ListField[], (field) => get(`#/$defs/${LIST_FIELDS[field]}`)) },
  );
  return compiled;
}

export interface SchemaResult {
  /** Indexes of tenants with at least one schema problem (their reference rules are skipped). */
  brokenTenants: Set<number>;
  /** The top level itself is wrong: nothing can be checked further. */
  rootBroken: boolean;
}

export function checkSchema(data: unknown, problems: ProblemList): SchemaResult {
  const check = new SchemaCheck(problems);
  check.shell(data);
  const tenants = (data as { tenants?: unknown })?.tenants;
  if (!Array.isArray(tenants)) return check.result;
  tenants.forEach((tenant: Record<string, unknown> | null, i) => {
    if (tenant === null || typeof tenant !== 'object') return;
    // In the tenant's member order, as a streamed file meets them.
    for (const field of Object.keys(tenant)) {
      const items = tenant[field];
      if (!isListField(field) || !Array.isArray(items)) continue;
      for (let j = 0; j < items.length; j++) check.item(field, items[j], i, j);
    }
  });
  return check.result;
}

/** The lists whose items are many, read from the file a line or a record at a time (the uuid prefilter's kinds). */
export const BULK_FIELDS = ['pagos', 'ventas'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/**
 * The schema check in parts, so a streamed file can be checked item by item as it is read: the
 * shell (the dataset with the LIST_FIELDS left as lists), each list item alone, and each payment
 * in parts (pagoHeader, payslip).
 */
export class SchemaCheck {
  readonly result: SchemaResult = { brokenTenants: new Set(), rootBroken: false };
  private readonly v = validators();

  constructor(private readonly problems: ProblemList) {}

  shell(data: unknown): void {
    if (!this.v.shell(data)) report(this.v.shell.errors ?? [], '', this.result, this.problems);
  }

  /** One whole item of a list (a payment, a sale, an employee, a supplier...); true when it matches its schema. */
  item(field: ListField, value: unknown, tenant: number, index: number): boolean {
    const validate = this.v.items[field];
    if (validate(value)) return true;
    report(validate.errors ?? [], `/tenants/${tenant}/${field}/${index}`, this.result, this.problems);
    return false;
  }

  /**
   * A payment read in parts: its own members (`empleados` an empty list), then each payslip with
   * payslip(). Ajv reports a whole payment's payslip errors after its other ones, so the caller
   * collects the payslips' problems apart and appends them after pagoHeader's.
   */
  pagoHeader(value: unknown, tenant: number, index: number): boolean {
    if (this.v.pagoHeader(value)) return true;
    report(this.v.pagoHeader.errors ?? [], `/tenants/${tenant}/pagos/${index}`, this.result, this.problems);
    return false;
  }

  payslip(value: unknown, tenant: number, pago: number, index: number, problems: ProblemList): boolean {
    if (this.v.payslip(value)) return true;
    report(this.v.payslip.errors ?? [], `/tenants/${tenant}/pagos/${pago}/empleados/${index}`, this.result, problems);
    return false;
  }

  /** A problem Ajv cannot see: the payment's `empleados` named twice (only a streamed file can tell). */
  repeated(tenant: number, index: number, key: string): void {
    this.result.brokenTenants.add(tenant);
    this.problems.add(childPath(`$.tenants[${tenant}].pagos[${index}]`, key), `propiedad repetida: ${key}`);
  }
}

function report(errors: ErrorObject[], prefix: string, result: SchemaResult, problems: ProblemList): void {
  for (const error of collapseAnyOf(errors)) {
    const segments = pointerSegments(prefix + error.instancePath);
    if (segments.length < 2) result.rootBroken = true;
    else result.brokenTenants.add(Number(segments[1]));
    const { path, message } = describe(error, segments);
    problems.add(path, message);
  }
}

/** A failed anyOf also reports each failed branch at the same place; one message says it all. */
function collapseAnyOf(errors: ErrorObject[]): ErrorObject[] {
  const anyOfPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  if (!anyOfPaths.size) return errors;
  return errors.filter((e) => e.keyword === 'anyOf' || !anyOfPaths.has(e.instancePath));
}

function pointerSegments(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function jsonPath(segments: string[]): string {
  let path = '$';
  for (const s of segments) path = /^\d+$/.test(s) ? `${path}[${s}]` : childPath(path, s);
  return path;
}

function describe(error: ErrorObject, segments: string[]): { path: string; message: string } {
  const path = jsonPath(segments);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      return { path: childPath(path, name), message: `propiedad no permitida: ${name}` };
    }
    case 'required':
      return { path, message: `falta la propiedad obligatoria: ${String(params.missingProperty)}` };
    default:
      return { path, message: keywordMessage(error, params) };
  }
}

function keywordMessage(error: ErrorObject, params: Record<string, unknown>): string {
  switch (error.keyword) {
    case 'type':
      return `debe ser ${typeNames(params.type)}`;
    case 'enum':
      return `debe ser uno de: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'pattern':
      return patternMessage(error.schemaPath, String(params.pattern));
    case 'minLength':
      return params.limit === 1 ? 'no puede estar vacío' : `debe tener al menos ${String(params.limit)} caracteres`;
    case 'maxLength':
      return `debe tener como máximo ${String(params.limit)} caracteres`;
    case 'minimum':
      return `debe ser mayor o igual que ${String(params.limit)}`;
    case 'maximum':
      return `debe ser menor o igual que ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `debe ser mayor que ${String(params.limit)}`;
    case 'minItems':
      return params.limit === 1 ? 'debe tener al menos un elemento' : `debe tener al menos ${String(params.limit)} elementos`;
    case 'anyOf':
      return `debe ser ${anyOfNames(error.schema)}`;
    default:
      return error.message ?? 'valor inválido';
  }
}

const TYPE_NAMES: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  integer: 'un número entero',
  boolean: 'true o false',
  object: 'un objeto',
  array: 'una lista',
  null: 'null',
};

function typeNames(type: unknown): string {
  const list = Array.isArray(type) ? type : String(type).split(',');
  return list.map((t: string) => TYPE_NAMES[t] ?? t).join(' o ');
}

const DEF_NAMES: Record<string, string> = {
  '#/$defs/uuid': 'un uuid (32 caracteres hexadecimales, con o sin guiones)',
  '#/$defs/date': 'una fecha AAAA-MM-DD',
  '#/$defs/instant': 'un instante ISO-8601 en UTC (AAAA-MM-DDTHH:mm:ss[.SSS]Z)',
};

function anyOfNames(branches: unknown): string {
  if (!Array.isArray(branches)) return 'un valor válido';
  return branches.map((b: { $ref?: string; type?: unknown }) => (b.$ref ? (DEF_NAMES[b.$ref] ?? b.$ref) : typeNames(b.type))).join(' o ');
}

const PATTERN_NAMES: Record<string, string> = {
  '^[0-9A-Za-z]{3,20}$': 'debe tener de 3 a 20 letras o dígitos, sin puntos, espacios ni guiones',
  '^[A-Z0-9]{1,10}$': 'debe tener de 1 a 10 letras mayúsculas o dígitos',
  '^[0-9]$': 'debe ser un solo dígito',
};

function patternMessage(schemaPath: string, pattern: string): string {
  for (const [def, name] of Object.entries(DEF_NAMES)) {
    if (schemaPath.startsWith(`${def}/`)) return `debe ser ${name}`;
  }
  return PATTERN_NAMES[pattern] ?? `no cumple el formato ${pattern}`;
}
