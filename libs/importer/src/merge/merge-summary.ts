import { formatCount } from '../problems';
import { type MergeKind, type MergeResult, type TenantMerge, tenantChanged } from './merge-dataset';

/** Singular and plural of each kind, as the summary names them. */
const NAMES: Record<Exclude<MergeKind, 'tenant'>, [string, string]> = {
  negocios: ['negocio', 'negocios'],
  usuarios: ['usuario', 'usuarios'],
  tiposCotizante: ['tipo de cotizante', 'tipos de cotizante'],
  conceptos: ['concepto', 'conceptos'],
  gruposPago: ['grupo de pago', 'grupos de pago'],
  empleados: ['empleado', 'empleados'],
  pagos: ['pago', 'pagos'],
  categorias: ['categoría', 'categorías'],
  productos: ['producto', 'productos'],
  ventas: ['venta', 'ventas'],
  proveedores: ['proveedor', 'proveedores'],
};

const count = (n: number, [one, many]: [string, string]): string => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * One line per tenant: what was inserted, replaced and removed per kind, or "sin cambios"
 * (`Andina (0ee9…): reemplazados 1 pago; insertados 2 ventas; eliminados 1 venta`).
 */
export function tenantLine(t: TenantMerge): string {
  const head = `${t.nombre} (${t.uuid})`;
  if (t.created) {
    const c = t.created;
    return (
      `${head}: tenant nuevo, importado completo: ${count(c.usuarios, NAMES.usuarios)}, ${count(c.empleados, NAMES.empleados)}, ` +
      `${count(c.pagos, NAMES.pagos)} (${formatCount(c.pagosEmpleado)} nóminas, ${formatCount(c.lineasNomina)} líneas), ` +
      `${count(c.ventas, NAMES.ventas)} (${formatCount(c.lineasVenta)} líneas), ${formatCount(c.proveedores)} registros de proveedores`
    );
  }
  if (!tenantChanged(t)) return `${head}: sin cambios`;
  const groups: string[] = [];
  for (const [field, label] of [
    ['insertados', 'insertados'],
    ['reemplazados', 'reemplazados'],
    ['eliminados', 'eliminados'],
  ] as const) {
    const parts: string[] = [];
    if (t.changes.tenant[field]) parts.push('datos del tenant');
    for (const [kind, names] of Object.entries(NAMES) as [Exclude<MergeKind, 'tenant'>, [string, string]][]) {
      const n = t.changes[kind][field];
      if (n) parts.push(count(n, names));
    }
    if (parts.length) groups.push(`${label} ${parts.join(', ')}`);
  }
  return `${head}: ${t.nuevo ? 'tenant nuevo; ' : ''}${groups.join('; ')}`;
}

/** The closing line: how many tenants changed. */
export function mergeLine(result: MergeResult, dryRun: boolean, elapsed: string): string {
  const total = result.tenants.length;
  const withChanges = result.tenants.filter(tenantChanged).length;
  const what = `${count(total, ['tenant', 'tenants'])} (${formatCount(withChanges)} con cambios, ${formatCount(total - withChanges)} sin cambios)`;
  return dryRun ? `Simulación (--dry-run): ${what}; no se escribió nada` : `Fusionado: ${what} en ${elapsed} s`;
}
