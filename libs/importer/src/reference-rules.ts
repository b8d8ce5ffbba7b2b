import { UuidMap, UuidSet } from '@nomina-api/platform/bulk';
import { BulkUuids } from './bulk-uuids';
import type { Client } from 'pg';
import type {
  CategoriaInput,
  ConceptoInput,
  EliminarInput,
  EmpleadoInput,
  GrupoPagoInput,
  NegocioInput,
  PagoEmpleadoInput,
  PagoInput,
  PagoStreamInput,
  ProductoInput,
  ProveedorInput,
  TenantInput,
  TipoCotizanteInput,
  UsuarioInput,
  VentaInput,
} from './dataset.types';
import {
  MAX_QUANTITY,
  dateProblem,
  emailKey,
  hasAtMostDecimals,
  instantProblem,
  moneyProblem,
  quantityProblem,
  proveedorKey,
  uuidKey,
} from './dataset-values';
import { type StoredTenant, storedTenant } from './merge/stored-check';
import { ProblemList } from './problems';
import type { ListField } from './schema-validation';
import type { UuidPrefilter } from './uuid-prefilter';

/**
 * Layer two of the validation (CONTRACT §6): references, uniqueness and value rules the JSON
 * schema cannot express. It only sees tenants that passed the schema, so the shapes are trusted.
 * Everything the database would reject (keys, checks) is caught here first, with a path.
 * In the per-line loops a path string is only built when something is wrong.
 */
export function checkReferences(tenants: TenantInput[], skip: Set<number>, problems: ProblemList): void {
  const checker = new ReferenceChecker(problems);
  tenants.forEach((tenant, i) => {
    if (!skip.has(i)) checker.tenant(tenant, i);
  });
  for (const p of checker.bulk.report(tenants, skip)) problems.add(p.path, p.message);
}

type Items<T> = Iterable<T> | AsyncIterable<T>;

/** A tenant whose long lists (LIST_FIELDS) are read again from the file each time they are iterated. */
export type StreamedTenant = Omit<TenantInput, ListField> & {
  tiposCotizante?: Items<TipoCotizanteInput>;
  conceptos?: Items<ConceptoInput>;
  gruposPago?: Items<GrupoPagoInput>;
  empleados?: Items<EmpleadoInput>;
  categorias?: Items<CategoriaInput>;
  productos?: Items<ProductoInput>;
  proveedores?: Items<ProveedorInput>;
  pagos?: AsyncIterable<PagoStreamInput>;
  ventas?: AsyncIterable<VentaInput>;
};

/** A tenant's own members, without the lists that may be streamed. */
type TenantHead = Omit<TenantInput, ListField>;

/** The prefilter kind of supplier keys (after BulkUuids' kinds). */
export const SUPPLIER_KIND = 3;

/** What a supplier is unique by: its tenant (by index in the file), ubicacion and identificacion. */
export const supplierUniqueKey = (tenant: number, p: Pick<ProveedorInput, 'ubicacion' | 'identificacion'>): string =>
  `${tenant} ${p.ubicacion} ${proveedorKey(p.identificacion)}`;

/**
 * checkReferences for a streamed file: the same rules, in the same order, one payslip or sale at a
 * time. With `merge` (CONTRACT §6) the stored tenant counts too: what the file does not define is
 * looked up among the stored rows (StoredTenant, on that connection), `eliminar` is allowed, and
 * each tenant's StoredTenant is returned (by tenant index) with the stored references the load needs.
 */
export async function checkReferencesStreamed(
  tenants: StreamedTenant[],
  skip: Set<number>,
  problems: ProblemList,
  prefilter: UuidPrefilter,
  merge?: { client: Client },
): Promise<StoredTenant[]> {
  const checker = new ReferenceChecker(problems, prefilter, merge !== undefined);
  const stored: StoredTenant[] = [];
  for (let i = 0; i < tenants.length; i++) {
    if (skip.has(i)) continue;
    const t = tenants[i];
    const path = `$.tenants[${i}]`;
    const eliminar = eliminarKeys(t.eliminar);
    const st = merge ? await storedTenant(merge.client, problems, uuidKey(t.uuid), eliminar) : undefined;
    if (st) stored[i] = st;
    const scope = checker.head(t, i, eliminar, st);
    const pause = async (): Promise<void> => {
      if (st?.full) await st.flush();
    };
    let j = 0;
    for await (const x of t.tiposCotizante ?? []) checker.tipoCotizante(x, i, j++, scope);
    j = 0;
    for await (const x of t.conceptos ?? []) checker.concepto(x, i, j++, scope);
    j = 0;
    for await (const x of t.gruposPago ?? []) {
      checker.grupoPago(x, i, j++, scope);
      await pause();
    }
    j = 0;
    for await (const x of t.categorias ?? []) checker.categoria(x, i, j++, scope);
    j = 0;
    for await (const e of t.empleados ?? []) {
      checker.empleado(e, i, j++, scope);
      await pause();
    }
    j = 0;
    for await (const pago of t.pagos ?? []) {
      const pagoPath = `${path}.pagos[${j++}]`;
      const bonds = checker.pagoHeader(pago, pagoPath, scope);
      let k = 0;
      for await (const pe of pago.empleados) {
        checker.payslip(pe, pagoPath, k++, bonds, scope);
        await pause();
      }
    }
    j = 0;
    for await (const p of t.productos ?? []) {
      checker.producto(p, i, j++, scope);
      await pause();
    }
    j = 0;
    for await (const venta of t.ventas ?? []) {
      checker.venta(venta, `${path}.ventas[${j++}]`, scope);
      await pause();
    }
    j = 0;
    for await (const p of t.proveedores ?? []) checker.proveedor(p, i, j++, scope);
    await st?.end((key) => checker.isPagoOf(i, key), t.eliminar?.empleados ?? [], `${path}.eliminar.empleados`);
  }
  for (const p of await checker.bulk.reportStreamed(tenants, skip)) problems.add(p.path, p.message);
  return stored;
}

/** The fused check found a problem, or the load did not read a list through: the file's check pass says what (see ReferencesWhileLoading). */
export class ReferenceProblemsFound extends Error {
  constructor() {
    super('El archivo tiene problemas de referencias: se listan con la comprobación completa.');
  }
}

/**
 * The reference and uniqueness rules of checkReferencesStreamed applied while a plain import
 * writes each tenant (the file's second read fused into the load): `tenant` wraps each list so
 * every item the load reads is checked on its way, and `done`, after the tenant is written,
 * throws ReferenceProblemsFound when anything was wrong. The load then rolls back and the caller
 * runs the check pass of the file (DatasetRead.checkReferences), which lists every problem in its
 * usual order with its path. The load reads the lists in the order the rules need them (a tenant's
 * catalogs before its employees, payments, products, sales and suppliers; see loadTenant).
 */
export class ReferencesWhileLoading {
  private readonly problems = new ProblemList();
  private readonly checker: ReferenceChecker;
  /** Lists (and payments' payslips) handed to the load and not read to their end yet. */
  private open = 0;

  constructor(prefilter: UuidPrefilter) {
    this.checker = new ReferenceChecker(this.problems, prefilter);
  }

  tenant(t: StreamedTenant, i: number): StreamedTenant {
    const c = this.checker;
    const scope = c.head(t, i, eliminarKeys(t.eliminar));
    return {
      ...t,
      tiposCotizante: this.tap(t.tiposCotizante, (x, j) => c.tipoCotizante(x, i, j, scope)),
      conceptos: this.tap(t.conceptos, (x, j) => c.concepto(x, i, j, scope)),
      gruposPago: this.tap(t.gruposPago, (x, j) => c.grupoPago(x, i, j, scope)),
      categorias: this.tap(t.categorias, (x, j) => c.categoria(x, i, j, scope)),
      empleados: this.tap(t.empleados, (x, j) => c.empleado(x, i, j, scope)),
      pagos: this.tapPagos(t.pagos, `$.tenants[${i}]`, scope),
      productos: this.tap(t.productos, (x, j) => c.producto(x, i, j, scope)),
      ventas: this.tap(t.ventas, (x, j) => c.venta(x, `$.tenants[${i}].ventas[${j}]`, scope)),
      proveedores: this.tap(t.proveedores, (x, j) => c.proveedor(x, i, j, scope)),
    };
  }

  /** After the tenant was written: any problem so far (or a list the load left unread) fails the load. */
  done(): void {
    if (this.problems.count || this.checker.bulk.duplicateCount || this.open) throw new ReferenceProblemsFound();
  }

  /** The list as the load reads it: each item checked by `visit` on its way (or replaced by what visit returns). */
  private tap<T>(items: Items<T> | undefined, visit: (item: T, index: number) => T | void): AsyncIterable<T> | undefined {
    if (items === undefined) return undefined;
    this.open++;
    let read = false;
    const readThrough = (): void => void this.open--;
    return {
      async *[Symbol.asyncIterator]() {
        // Read twice, its items would count twice (repeated uuids): the load reads each list once.
        if (read) throw new Error('A list of the tenant was read twice by the load');
        read = true;
        let j = 0;
        for await (const item of items) yield visit(item, j++) ?? item;
        readThrough();
      },
    };
  }

  /** Each payment checked as it comes, then its payslips as the load reads them. */
  private tapPagos(
    pagos: AsyncIterable<PagoStreamInput> | undefined,
    path: string,
    scope: TenantScope,
  ): AsyncIterable<PagoStreamInput> | undefined {
    const c = this.checker;
    return this.tap(pagos, (pago, j) => {
      const pagoPath = `${path}.pagos[${j}]`;
      const bonds = c.pagoHeader(pago, pagoPath, scope);
      const empleados = this.tap(pago.empleados, (pe, k) => c.payslip(pe, pagoPath, k, bonds, scope))!;
      return { ...pago, empleados };
    });
  }
}

/** The keys a tenant's `eliminar` names, for membership tests. */
interface EliminarKeys {
  pagos: UuidSet;
  ventas: UuidSet;
  empleados: UuidSet;
  proveedores: Set<string>;
}

function eliminarKeys(eliminar: EliminarInput | undefined): EliminarKeys {
  const set = (uuids: string[] | undefined): UuidSet => {
    const s = new UuidSet(16);
    for (const u of uuids ?? []) s.add(u);
    return s;
  };
  return {
    pagos: set(eliminar?.pagos),
    ventas: set(eliminar?.ventas),
    empleados: set(eliminar?.empleados),
    proveedores: new Set((eliminar?.proveedores ?? []).map((p) => `${p.ubicacion} ${proveedorKey(p.identificacion)}`)),
  };
}

/** Kinds few enough to remember where each uuid was first used as a path (the bulk kinds are in BulkUuids). */
type UuidKind = 'tenant' | 'negocio' | 'usuario' | 'grupo de pago' | 'pago' | 'categoría';

/**
 * Catalog kinds, as many as a tenant's payslips in one payment: where each uuid was first used is
 * kept as numbers (tenant, item, bond) in a UuidMap (60–120 bytes per uuid, no path string; a tenant
 * of 166,667 employees held ~70 MB of paths and keys), and turned into its path only for a message.
 */
type CatalogKind = 'empleado' | 'vinculación' | 'producto';

const CATALOG_PATHS: Record<CatalogKind, (t: number, i: number, j: number) => string> = {
  empleado: (t, i) => `$.tenants[${t}].empleados[${i}].uuid`,
  vinculación: (t, i, j) => `$.tenants[${t}].empleados[${i}].vinculaciones[${j}].uuid`,
  producto: (t, i) => `$.tenants[${t}].productos[${i}].uuid`,
};

/** What a tenant defines, so its references can be resolved (uuids as uuidKey, or packed in a UuidSet). */
interface TenantScope {
  negocios: Set<string>;
  /** Each code with the index of its first entry. */
  tiposCotizante: Map<string, number>;
  conceptos: Map<string, number>;
  grupos: Set<string>;
  vinculaciones: UuidSet;
  categorias: Set<string>;
  productos: UuidSet;
  /** The employees' documents so far, each with the index of the employee that has it. */
  documents: Map<string, number>;
  /** What the tenant's `eliminar` removes (empty without it). */
  eliminar: EliminarKeys;
  /** The stored tenant, in a merge: what the file does not define may be stored. */
  stored?: StoredTenant;
  /** Key of the payment whose payslips are being checked. */
  pago: string;
}

/** Sets of a scope by the reference kinds they answer for (vinculaciones and productos are checked inline). */
const SCOPE_SETS = {
  negocio: 'negocios',
  tipoCotizante: 'tiposCotizante',
  concepto: 'conceptos',
  grupoPago: 'grupos',
  categoria: 'categorias',
} as const;

const NOT_IN_FILE: Record<keyof typeof SCOPE_SETS, string> = {
  negocio: 'ningún negocio',
  tipoCotizante: 'ningún tipo de cotizante',
  concepto: 'ningún concepto',
  grupoPago: 'ningún grupo de pago',
  categoria: 'ninguna categoría',
};

const payslipPath = (pagoPath: string, j: number, field: string): string => `${pagoPath}.empleados[${j}].${field}`;
const detailPath = (pagoPath: string, j: number, k: number, field: string): string => `${pagoPath}.empleados[${j}].detalles[${k}].${field}`;

class ReferenceChecker {
  private readonly uuids = new Map<UuidKind, Map<string, string>>();
  private readonly catalogUuids: Record<CatalogKind, UuidMap> = {
    empleado: new UuidMap(3, 1 << 10),
    vinculación: new UuidMap(3, 1 << 10),
    producto: new UuidMap(3, 1 << 10),
  };
  private readonly emails = new Map<string, string>();
  readonly bulk: BulkUuids;

  /** Suppliers' first uses (with a prefilter, only of the keys it saw twice). */
  private readonly suppliers = new Map<string, string>();

  constructor(
    private readonly problems: ProblemList,
    private readonly prefilter?: UuidPrefilter,
    /** A --merge import: `eliminar` is allowed. */
    private readonly merge = false,
  ) {
    this.bulk = new BulkUuids(prefilter);
  }

  /** True when `key` is a payment of tenant `t` in the file. */
  isPagoOf(t: number, key: string): boolean {
    return this.uuids.get('pago')?.get(key)?.startsWith(`$.tenants[${t}].`) ?? false;
  }

  /** A parsed tenant, in the order checkReferencesStreamed follows. */
  tenant(t: TenantInput, index: number): void {
    const path = `$.tenants[${index}]`;
    const scope = this.head(t, index, eliminarKeys(t.eliminar));
    (t.tiposCotizante ?? []).forEach((x, i) => this.tipoCotizante(x, index, i, scope));
    (t.conceptos ?? []).forEach((x, i) => this.concepto(x, index, i, scope));
    (t.gruposPago ?? []).forEach((x, i) => this.grupoPago(x, index, i, scope));
    (t.categorias ?? []).forEach((x, i) => this.categoria(x, index, i, scope));
    (t.empleados ?? []).forEach((e, i) => this.empleado(e, index, i, scope));
    let i = 0;
    for (const pago of t.pagos ?? []) this.pago(pago, `${path}.pagos[${i++}]`, scope);
    (t.productos ?? []).forEach((p, j) => this.producto(p, index, j, scope));
    i = 0;
    for (const venta of t.ventas ?? []) this.venta(venta, `${path}.ventas[${i++}]`, scope);
    (t.proveedores ?? []).forEach((p, j) => this.proveedor(p, index, j, scope));
  }

  /**
   * The tenant's own rules, its businesses and users (each catalog entry then goes to its method,
   * in list order); returns what its employees, payments and sales may refer to.
   */
  head(t: TenantHead, index: number, eliminar: EliminarKeys, stored?: StoredTenant): TenantScope {
    const path = `$.tenants[${index}]`;
    if (t.eliminar !== undefined && !this.merge) {
      this.problems.add(`${path}.eliminar`, 'solo se admite al importar con --merge: quítelo o importe con --merge');
    }
    this.unique('tenant', t.uuid, `${path}.uuid`);
    const seq = t.nominaElectronica?.siguienteNumero;
    if (seq !== undefined && seq > Number.MAX_SAFE_INTEGER) {
      this.problems.add(`${path}.nominaElectronica.siguienteNumero`, `debe ser menor o igual que ${Number.MAX_SAFE_INTEGER}`);
    }
    const scope: TenantScope = {
      negocios: new Set(),
      tiposCotizante: new Map(),
      conceptos: new Map(),
      grupos: new Set(),
      vinculaciones: new UuidSet(1 << 10),
      categorias: new Set(),
      productos: new UuidSet(1 << 10),
      documents: new Map(),
      eliminar,
      stored,
      pago: '',
    };
    (t.negocios ?? []).forEach((n, i) => this.negocio(n, `${path}.negocios[${i}]`, scope));
    (t.usuarios ?? []).forEach((u, i) => this.usuario(u, `${path}.usuarios[${i}]`, scope));
    return scope;
  }

  /** Where a catalog uuid was first used is kept as numbers; the paths are written only for a message. */
  private uniqueAt(kind: CatalogKind, uuid: string, t: number, i: number, j = 0): void {
    const first = this.catalogUuids[kind];
    const slot = first.put(uuid, t, i, j);
    if (slot < 0) return;
    const path = CATALOG_PATHS[kind];
    this.problems.add(
      path(t, i, j),
      `uuid de ${kind} repetido: ya se usa en ${path(first.value(slot, 0), first.value(slot, 1), first.value(slot, 2))}`,
    );
  }

  private unique(kind: UuidKind, uuid: string, path: string): string {
    const key = uuidKey(uuid);
    let seen = this.uuids.get(kind);
    if (!seen) this.uuids.set(kind, (seen = new Map()));
    const first = seen.get(key);
    if (first === undefined) seen.set(key, path);
    else this.problems.add(path, `uuid de ${kind} repetido: ya se usa en ${first}`);
    return key;
  }

  /** A reference to a catalog entry of the tenant: in the file, or (merging) stored. */
  private ref(scope: TenantScope, kind: keyof typeof SCOPE_SETS, value: string, path: string): void {
    const key = kind === 'tipoCotizante' || kind === 'concepto' ? value : uuidKey(value);
    if (scope[SCOPE_SETS[kind]].has(key)) return;
    if (scope.stored) scope.stored.need(kind, key, path);
    else this.problems.add(path, `no corresponde a ${NOT_IN_FILE[kind]} de este tenant`);
  }

  /** An entry both listed and removed by the same tenant. */
  private removedToo(path: string, list: string): void {
    this.problems.add(path, `también está en eliminar.${list}: un archivo no puede escribir y eliminar lo mismo`);
  }

  /** Reports the problem, if any, at `path`; true when there was none. */
  private ok(problem: string | undefined, path: string): boolean {
    if (problem === undefined) return true;
    this.problems.add(path, problem);
    return false;
  }

  private negocio(n: NegocioInput, path: string, scope: TenantScope): void {
    scope.negocios.add(this.unique('negocio', n.uuid, `${path}.uuid`));
    const s = n.suscripcion;
    if (!s) return;
    const desdeOk = this.ok(instantProblem(s.desde), `${path}.suscripcion.desde`);
    const hastaOk = this.ok(instantProblem(s.hasta), `${path}.suscripcion.hasta`);
    if (desdeOk && hastaOk && Date.parse(s.desde) > Date.parse(s.hasta)) {
      this.problems.add(`${path}.suscripcion.desde`, `desde (${s.desde}) es posterior a hasta (${s.hasta})`);
    }
  }

  private usuario(u: UsuarioInput, path: string, scope: TenantScope): void {
    this.unique('usuario', u.uuid, `${path}.uuid`);
    const key = emailKey(u.email);
    const first = this.emails.get(key);
    if (first === undefined) this.emails.set(key, `${path}.email`);
    else this.problems.add(`${path}.email`, `correo repetido (sin distinguir mayúsculas): ya se usa en ${first}`);
    scope.stored?.email(key, u.uuid, `${path}.email`);
    const mine = new Set<string>();
    u.negocios.forEach((uuid, i) => {
      const p = `${path}.negocios[${i}]`;
      this.ref(scope, 'negocio', uuid, p);
      const k = uuidKey(uuid);
      if (mine.has(k)) this.problems.add(p, 'negocio repetido en la lista del usuario');
      mine.add(k);
    });
  }

  tipoCotizante(x: TipoCotizanteInput, t: number, i: number, scope: TenantScope): void {
    this.code(scope.tiposCotizante, x.codigo, `$.tenants[${t}].tiposCotizante`, i, 'tipo de cotizante');
  }

  concepto(x: ConceptoInput, t: number, i: number, scope: TenantScope): void {
    this.code(scope.conceptos, x.codigo, `$.tenants[${t}].conceptos`, i, 'concepto');
  }

  private code(first: Map<string, number>, codigo: string, listPath: string, i: number, what: string): void {
    const seen = first.get(codigo);
    if (seen === undefined) first.set(codigo, i);
    else
      this.problems.add(`${listPath}[${i}].codigo`, `código de ${what} repetido en este tenant: ya se usa en ${listPath}[${seen}].codigo`);
  }

  grupoPago(g: GrupoPagoInput, t: number, i: number, scope: TenantScope): void {
    const path = `$.tenants[${t}].gruposPago[${i}]`;
    scope.grupos.add(this.unique('grupo de pago', g.uuid, `${path}.uuid`));
    scope.stored?.grupoCodigo(g.codigo, g.uuid, `${path}.codigo`);
  }

  categoria(c: CategoriaInput, t: number, i: number, scope: TenantScope): void {
    scope.categorias.add(this.unique('categoría', c.uuid, `$.tenants[${t}].categorias[${i}].uuid`));
  }

  /** Employee `i` of tenant `t`, in list order. */
  empleado(e: EmpleadoInput, t: number, i: number, scope: TenantScope): void {
    const p = `$.tenants[${t}].empleados[${i}]`;
    this.uniqueAt('empleado', e.uuid, t, i);
    if (scope.eliminar.empleados.has(e.uuid)) this.removedToo(`${p}.uuid`, 'empleados');
    scope.stored?.documento(e.tipoDocumento, e.identificacion, e.uuid, `${p}.identificacion`);
    // The database key is exact; upper-casing here also rejects "ab1" next to "AB1", which the
    // case-insensitive employee search would otherwise treat as the same person.
    const doc = `${e.tipoDocumento} ${e.identificacion.toUpperCase()}`;
    const first = scope.documents.get(doc);
    if (first === undefined) scope.documents.set(doc, i);
    else
      this.problems.add(
        `${p}.identificacion`,
        `documento ${doc} repetido en este tenant: ya se usa en $.tenants[${t}].empleados[${first}].identificacion`,
      );
    e.vinculaciones.forEach((v, j) => {
      const vp = `${p}.vinculaciones[${j}]`;
      this.uniqueAt('vinculación', v.uuid, t, i, j);
      scope.vinculaciones.add(v.uuid);
      scope.stored?.vinculacionDe(v.uuid, e.uuid, `${vp}.uuid`);
      const ingresoOk = this.ok(dateProblem(v.fechaIngreso), `${vp}.fechaIngreso`);
      const retiro = v.fechaRetiro;
      if (retiro != null && this.ok(dateProblem(retiro), `${vp}.fechaRetiro`) && ingresoOk && retiro < v.fechaIngreso) {
        this.problems.add(`${vp}.fechaRetiro`, `fechaRetiro (${retiro}) es anterior a fechaIngreso (${v.fechaIngreso})`);
      }
      this.ok(moneyProblem(v.salarioBase), `${vp}.salarioBase`);
      this.ref(scope, 'tipoCotizante', v.tipoCotizante, `${vp}.tipoCotizante`);
    });
  }

  pago(pago: PagoInput, path: string, scope: TenantScope): void {
    const bonds = this.pagoHeader(pago, path, scope);
    for (let j = 0; j < pago.empleados.length; j++) this.payslip(pago.empleados[j], path, j, bonds, scope);
  }

  /**
   * The payment's own rules, before its payslips; returns where each bond already has a payslip
   * in it (at most one entry per bond of the tenant in a valid file, however many payslips).
   */
  pagoHeader(pago: Omit<PagoInput, 'empleados'>, path: string, scope: TenantScope): UuidMap {
    scope.pago = this.unique('pago', pago.uuid, `${path}.uuid`);
    if (scope.eliminar.pagos.has(pago.uuid)) this.removedToo(`${path}.uuid`, 'pagos');
    const desdeOk = this.ok(dateProblem(pago.fechaDesde), `${path}.fechaDesde`);
    const hastaOk = this.ok(dateProblem(pago.fechaHasta), `${path}.fechaHasta`);
    this.ok(dateProblem(pago.fechaPago), `${path}.fechaPago`);
    if (desdeOk && hastaOk && pago.fechaDesde > pago.fechaHasta) {
      this.problems.add(`${path}.fechaDesde`, `fechaDesde (${pago.fechaDesde}) es posterior a fechaHasta (${pago.fechaHasta})`);
    }
    if (pago.grupoPago != null) this.ref(scope, 'grupoPago', pago.grupoPago, `${path}.grupoPago`);
    return new UuidMap(1, 1 << 10);
  }

  payslip(pe: PagoEmpleadoInput, pagoPath: string, j: number, bonds: UuidMap, scope: TenantScope): void {
    if (!this.bulk.add('nómina', pe.uuid)) this.bulk.duplicate('nómina', pe.uuid, payslipPath(pagoPath, j, 'uuid'));
    if (!scope.vinculaciones.has(pe.vinculacion)) {
      if (scope.stored) scope.stored.need('vinculacion', pe.vinculacion, payslipPath(pagoPath, j, 'vinculacion'));
      else this.problems.add(payslipPath(pagoPath, j, 'vinculacion'), 'no corresponde a ninguna vinculación de este tenant');
    }
    scope.stored?.pagoEmpleado(pe.uuid, scope.pago, payslipPath(pagoPath, j, 'uuid'));
    const other = bonds.put(pe.vinculacion, j);
    if (other >= 0)
      this.problems.add(
        payslipPath(pagoPath, j, 'vinculacion'),
        `la vinculación ya tiene otra nómina en este pago (empleados[${bonds.value(other)}])`,
      );
    const salario = moneyProblem(pe.salarioBase);
    if (salario) this.problems.add(payslipPath(pagoPath, j, 'salarioBase'), salario);
    if (pe.diasTrabajados !== undefined && !hasAtMostDecimals(pe.diasTrabajados, 4)) {
      this.problems.add(payslipPath(pagoPath, j, 'diasTrabajados'), 'debe tener como máximo 4 decimales');
    }
    const detalles = pe.detalles;
    for (let k = 0; k < detalles.length; k++) {
      const d = detalles[k];
      if (!this.bulk.add('detalle', d.uuid)) this.bulk.duplicate('detalle', d.uuid, detailPath(pagoPath, j, k, 'uuid'));
      if (!scope.conceptos.has(d.concepto)) {
        if (scope.stored) scope.stored.need('concepto', d.concepto, detailPath(pagoPath, j, k, 'concepto'));
        else this.problems.add(detailPath(pagoPath, j, k, 'concepto'), 'no corresponde a ningún concepto de este tenant');
      }
      const cantidad = d.cantidad === undefined ? undefined : quantityProblem(d.cantidad);
      if (cantidad) this.problems.add(detailPath(pagoPath, j, k, 'cantidad'), cantidad);
      const valor = moneyProblem(d.valor);
      if (valor) this.problems.add(detailPath(pagoPath, j, k, 'valor'), valor);
    }
  }

  producto(p: ProductoInput, t: number, i: number, scope: TenantScope): void {
    const pp = `$.tenants[${t}].productos[${i}]`;
    this.uniqueAt('producto', p.uuid, t, i);
    scope.productos.add(p.uuid);
    this.ref(scope, 'negocio', p.negocio, `${pp}.negocio`);
    if (p.categoria != null) this.ref(scope, 'categoria', p.categoria, `${pp}.categoria`);
  }

  venta(venta: VentaInput, path: string, scope: TenantScope): void {
    if (!this.bulk.add('venta', venta.uuid)) this.bulk.duplicate('venta', venta.uuid, `${path}.uuid`);
    if (scope.eliminar.ventas.has(venta.uuid)) this.removedToo(`${path}.uuid`, 'ventas');
    this.ref(scope, 'negocio', venta.negocio, `${path}.negocio`);
    const fecha = instantProblem(venta.fecha);
    if (fecha) this.problems.add(`${path}.fecha`, fecha);
    const lineas = venta.lineas;
    for (let k = 0; k < lineas.length; k++) {
      const l = lineas[k];
      if (!scope.productos.has(l.producto)) {
        if (scope.stored) scope.stored.need('producto', l.producto, `${path}.lineas[${k}].producto`);
        else this.problems.add(`${path}.lineas[${k}].producto`, 'no corresponde a ningún producto de este tenant');
      }
      // Sale quantities may have any decimals (numeric without scale); only their size is bounded.
      if (!(l.cantidad < MAX_QUANTITY)) this.problems.add(`${path}.lineas[${k}].cantidad`, quantityProblem(l.cantidad)!);
      this.lineMoney(l.precioUnitario, path, k, 'precioUnitario');
      if (l.descuento !== undefined) this.lineMoney(l.descuento, path, k, 'descuento');
      if (l.impuestos !== undefined) this.lineMoney(l.impuestos, path, k, 'impuestos');
      const costo = quantityProblem(l.costoPromedio);
      if (costo) this.problems.add(`${path}.lineas[${k}].costoPromedio`, costo);
    }
  }

  private lineMoney(value: number, ventaPath: string, k: number, field: string): void {
    const problem = moneyProblem(value);
    if (problem) this.problems.add(`${ventaPath}.lineas[${k}].${field}`, problem);
  }

  /**
   * Supplier `i` of tenant `t`. Its identificacion is unique per ubicacion: with a prefilter (a
   * streamed file) only the keys it saw twice are remembered, so 3 million suppliers cost no set.
   */
  proveedor(p: ProveedorInput, t: number, i: number, scope: TenantScope): void {
    const pp = `$.tenants[${t}].proveedores[${i}]`;
    const key = supplierUniqueKey(t, p);
    if (scope.eliminar.proveedores.has(`${p.ubicacion} ${proveedorKey(p.identificacion)}`))
      this.removedToo(`${pp}.identificacion`, 'proveedores');
    if (!this.prefilter || this.prefilter.mayRepeatKey(SUPPLIER_KIND, key)) {
      const first = this.suppliers.get(key);
      if (first === undefined) this.suppliers.set(key, `${pp}.identificacion`);
      else
        this.problems.add(`${pp}.identificacion`, `proveedor repetido en la ubicación ${p.ubicacion} de este tenant: ya está en ${first}`);
    }
    const codes = new Map<string, number>();
    p.establecimientos.forEach((e, k) => {
      const other = codes.get(e.codigo);
      if (other === undefined) codes.set(e.codigo, k);
      else
        this.problems.add(
          `${pp}.establecimientos[${k}].codigo`,
          `código de establecimiento repetido en este proveedor (establecimientos[${other}])`,
        );
    });
  }
}
