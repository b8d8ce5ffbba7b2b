import type { Client } from 'pg';
import {
  findConceptos,
  findEmpleadosPorDocumento,
  findGruposPago,
  findPagosDeEmpleados,
  findPagosEmpleado,
  findTiposCotizante,
  findVinculaciones,
  VinculacionRefs,
} from '@nomina-api/nomina/persistence';
import { findLogins, findNegocios, findTenant, uuidKey, UuidSet } from '@nomina-api/platform/bulk';
import { findCategorias, findProductos } from '@nomina-api/reportes/persistence';
import type { ProblemList } from '../problems';

/**
 * The stored half of a merge's validation (CONTRACT §6: every rule holds for the stored data and
 * the file together). The reference rules ask here for what the file alone cannot settle — a
 * payslip's bond stored earlier, a sale's product, a document or e-mail already used by someone
 * else — and each question waits in a small queue until a batch of them is asked at once, by key,
 * of the rows the file names (never the tenant as a whole: the memory is that of the batch, and of
 * the stored bonds and concepts the file's payslips use, which the load needs anyway).
 * It runs inside the merge's transaction, under the tenants' locks, so what it finds is what the
 * merge then writes on.
 */

/** References the file may satisfy with a stored row. */
export type StoredRefKind = 'negocio' | 'tipoCotizante' | 'concepto' | 'grupoPago' | 'vinculacion' | 'categoria' | 'producto';

const NOT_FOUND: Record<StoredRefKind, string> = {
  negocio: 'no corresponde a ningún negocio de este tenant',
  tipoCotizante: 'no corresponde a ningún tipo de cotizante de este tenant',
  concepto: 'no corresponde a ningún concepto de este tenant',
  grupoPago: 'no corresponde a ningún grupo de pago de este tenant',
  vinculacion: 'no corresponde a ninguna vinculación de este tenant',
  categoria: 'no corresponde a ninguna categoría de este tenant',
  producto: 'no corresponde a ningún producto de este tenant',
};

const UUID_KINDS = new Set<StoredRefKind>(['negocio', 'grupoPago', 'vinculacion', 'categoria', 'producto']);

/** Keys asked of the database at once; questions waiting, counted by their paths. */
const BATCH_KEYS = 5_000;
const MAX_WAITING = 20_000;

type Check = 'email' | 'documento' | 'vinculacionDe' | 'grupoCodigo' | 'pagoEmpleado';

interface Waiting {
  path: string;
  /** The file's owner of the key (a user, an employee, a payment), or the key's second part. */
  other: string;
}

/** One tenant of the file, checked against its stored rows. */
export class StoredTenant {
  /** Stored bonds the file's payslips use, with their employee (the load resolves payslips through them). */
  readonly vinculaciones = new VinculacionRefs();
  /** Stored concepts the file's lines use. */
  readonly conceptos = new Map<string, { devengado: boolean; baseAportes: boolean }>();
  private readonly found: Record<Exclude<StoredRefKind, 'vinculacion' | 'concepto' | 'producto'>, Set<string>> = {
    negocio: new Set(),
    tipoCotizante: new Set(),
    grupoPago: new Set(),
    categoria: new Set(),
  };
  private readonly productos = new UuidSet(1 << 10);
  private readonly refs = new Map<StoredRefKind, Map<string, string[]>>();
  private readonly checks = new Map<Check, Map<string, Waiting[]>>();
  private waiting = 0;
  /** Payslip uuids stored in another payment: a collision unless the file replaces or removes that payment (known at the end). */
  private readonly movedPayslips: { path: string; pago: string }[] = [];

  constructor(
    private readonly client: Client,
    private readonly problems: ProblemList,
    readonly tenantKey: string,
    /** False: the merge creates the tenant, and only the file (and the global e-mails) can satisfy a rule. */
    readonly exists: boolean,
    /** `eliminar` of the file's tenant, as keys. */
    private readonly eliminar: { pagos: UuidSet; empleados: UuidSet },
  ) {}

  /** True when a stored row of this key is already known. */
  has(kind: StoredRefKind, key: string): boolean {
    if (kind === 'vinculacion') return this.vinculaciones.number(key) >= 0;
    if (kind === 'concepto') return this.conceptos.has(key);
    if (kind === 'producto') return this.productos.has(key);
    return this.found[kind].has(UUID_KINDS.has(kind) ? uuidKey(key) : key);
  }

  /** The file alone does not define this reference: it must be a stored row of the tenant. */
  need(kind: StoredRefKind, key: string, path: string): void {
    if (this.has(kind, key)) return;
    if (!this.exists) {
      this.problems.add(path, NOT_FOUND[kind]);
      return;
    }
    const k = UUID_KINDS.has(kind) ? uuidKey(key) : key;
    let queue = this.refs.get(kind);
    if (!queue) this.refs.set(kind, (queue = new Map()));
    const paths = queue.get(k);
    if (paths) paths.push(path);
    else queue.set(k, [path]);
    this.waiting++;
  }

  private wait(check: Check, key: string, other: string, path: string): void {
    let queue = this.checks.get(check);
    if (!queue) this.checks.set(check, (queue = new Map()));
    const list = queue.get(key);
    if (list) list.push({ path, other });
    else queue.set(key, [{ path, other }]);
    this.waiting++;
  }

  /** A user's e-mail must not log in as another user (of any tenant). */
  email(emailKey: string, usuario: string, path: string): void {
    this.wait('email', emailKey, uuidKey(usuario), path);
  }

  /** An employee's document must not be another stored employee's (unless the file removes that one). */
  documento(tipoDocumento: string, identificacion: string, empleado: string, path: string): void {
    if (this.exists) this.wait('documento', `${tipoDocumento} ${identificacion.toUpperCase()}`, uuidKey(empleado), path);
  }

  /** A file bond stored earlier must be of the same employee. */
  vinculacionDe(vinculacion: string, empleado: string, path: string): void {
    if (this.exists) this.wait('vinculacionDe', uuidKey(vinculacion), uuidKey(empleado), path);
  }

  /** A payment group's codigo must not be another stored group's (gruposPago are merged by codigo as well as by uuid). */
  grupoCodigo(codigo: string, grupo: string, path: string): void {
    if (this.exists) this.wait('grupoCodigo', codigo, uuidKey(grupo), path);
  }

  /** A payslip uuid stored in another payment collides, unless that payment goes (checked at the end of the tenant). */
  pagoEmpleado(payslip: string, pago: string, path: string): void {
    if (this.exists) this.wait('pagoEmpleado', uuidKey(payslip), uuidKey(pago), path);
  }

  get full(): boolean {
    return this.waiting >= MAX_WAITING || [...this.refs.values(), ...this.checks.values()].some((q) => q.size >= BATCH_KEYS);
  }

  /** Asks the database everything waiting. */
  async flush(): Promise<void> {
    for (const [kind, queue] of this.refs) {
      if (queue.size) await this.resolveRefs(kind, queue);
    }
    for (const [check, queue] of this.checks) {
      if (queue.size) await this.resolveCheck(check, queue);
    }
    this.refs.clear();
    this.checks.clear();
    this.waiting = 0;
  }

  private async resolveRefs(kind: StoredRefKind, queue: Map<string, string[]>): Promise<void> {
    const keys = [...queue.keys()];
    const { client, tenantKey: t } = this;
    switch (kind) {
      case 'vinculacion':
        for (const v of await findVinculaciones(client, t, keys)) this.vinculaciones.set(v.id, v.empleado);
        break;
      case 'concepto':
        for (const c of await findConceptos(client, t, keys))
          this.conceptos.set(c.codigo, { devengado: c.devengado, baseAportes: c.baseAportes });
        break;
      case 'producto':
        for (const id of await findProductos(client, t, keys)) this.productos.add(id);
        break;
      case 'negocio':
        for (const id of await findNegocios(client, t, keys)) this.found.negocio.add(id);
        break;
      case 'tipoCotizante':
        for (const c of await findTiposCotizante(client, t, keys)) this.found.tipoCotizante.add(c);
        break;
      case 'grupoPago':
        for (const g of await findGruposPago(client, t, keys, [])) this.found.grupoPago.add(g.id);
        break;
      case 'categoria':
        for (const id of await findCategorias(client, t, keys)) this.found.categoria.add(id);
        break;
    }
    for (const [key, paths] of queue) {
      if (!this.has(kind, key)) {
        for (const path of paths) this.problems.add(path, NOT_FOUND[kind]);
      } else if (kind === 'vinculacion') {
        const owner = this.vinculaciones.empleado(this.vinculaciones.number(key));
        if (this.eliminar.empleados.has(owner)) {
          for (const path of paths) this.problems.add(path, `la vinculación es del empleado ${owner}, que este archivo elimina`);
        }
      }
    }
  }

  private async resolveCheck(check: Check, queue: Map<string, Waiting[]>): Promise<void> {
    const keys = [...queue.keys()];
    const { client, tenantKey: t } = this;
    const each = (key: string, clash: (w: Waiting) => string | undefined): void => {
      for (const w of queue.get(key) ?? []) {
        const message = clash(w);
        if (message) this.problems.add(w.path, message);
      }
    };
    switch (check) {
      case 'email':
        for (const login of await findLogins(client, keys)) {
          each(login.email, (w) =>
            login.tenant === t && login.usuario === w.other ? undefined : `correo ya usado por otro usuario (tenant ${login.tenant})`,
          );
        }
        break;
      case 'documento': {
        const docs = keys.map((k) => ({ tipoDocumento: k.slice(0, k.indexOf(' ')), identificacion: k.slice(k.indexOf(' ') + 1) }));
        for (const e of await findEmpleadosPorDocumento(client, t, docs)) {
          each(`${e.tipoDocumento} ${e.identificacion.toUpperCase()}`, (w) =>
            e.id === w.other || this.eliminar.empleados.has(e.id) ? undefined : `documento ya usado por el empleado guardado ${e.id}`,
          );
        }
        break;
      }
      case 'vinculacionDe':
        for (const v of await findVinculaciones(client, t, keys)) {
          each(v.id, (w) =>
            v.empleado === w.other ? undefined : `uuid de vinculación ya usado por una vinculación del empleado guardado ${v.empleado}`,
          );
        }
        break;
      case 'grupoCodigo':
        for (const g of await findGruposPago(client, t, [], keys)) {
          each(g.codigo, (w) => (g.id === w.other ? undefined : `código de grupo de pago ya usado por el grupo guardado ${g.id}`));
        }
        break;
      case 'pagoEmpleado':
        for (const pe of await findPagosEmpleado(client, t, keys)) {
          for (const w of queue.get(pe.id) ?? []) if (pe.pago !== w.other) this.movedPayslips.push({ path: w.path, pago: pe.pago });
        }
        break;
    }
  }

  /**
   * The rules that need the whole tenant read: a payslip uuid stored in a payment the file neither
   * replaces nor removes, and an employee removed while payslips of it remain.
   */
  async end(isFilePago: (key: string) => boolean, eliminarEmpleados: readonly string[], eliminarPath: string): Promise<void> {
    await this.flush();
    const stays = (pago: string): boolean => !isFilePago(pago) && !this.eliminar.pagos.has(pago);
    for (const m of this.movedPayslips) {
      if (stays(m.pago)) this.problems.add(m.path, `uuid de nómina ya usado por una nómina guardada del pago ${m.pago}`);
    }
    if (!this.exists || !eliminarEmpleados.length) return;
    const keys = eliminarEmpleados.map(uuidKey);
    const blocking = new Map<string, string>();
    for (let i = 0; i < keys.length; i += BATCH_KEYS) {
      for (const row of await findPagosDeEmpleados(this.client, this.tenantKey, keys.slice(i, i + BATCH_KEYS))) {
        if (stays(row.pago) && !blocking.has(row.empleado)) blocking.set(row.empleado, row.pago);
      }
    }
    keys.forEach((k, i) => {
      const pago = blocking.get(k);
      if (pago) {
        this.problems.add(
          `${eliminarPath}[${i}]`,
          `el empleado tiene nóminas guardadas (pago ${pago}): no se puede eliminar; elimine o reemplace antes sus pagos`,
        );
      }
    });
  }
}

/** Opens each tenant's stored check (one query: does it exist). */
export async function storedTenant(
  client: Client,
  problems: ProblemList,
  tenantKey: string,
  eliminar: { pagos: UuidSet; empleados: UuidSet },
): Promise<StoredTenant> {
  return new StoredTenant(client, problems, tenantKey, (await findTenant(client, tenantKey)) !== undefined, eliminar);
}
