import { foldedContainsPatternSql, type SortColumn } from '../listing';

/** A payment group with the count of its payments (wire names, CONTRACT §11.3). */
export interface GrupoPagoRow {
  uuid: string;
  codigo: string;
  nombre: string;
  /** Payments of the group, type IN excluded (IN never appears, §3.3). */
  numeroPagos: number;
}

export interface ListGruposPagoRow extends GrupoPagoRow {
  total: number;
}

/** A group's identity alone (GET /gruposPagos/listagrupos). */
export type GrupoPagoResumenRow = Omit<GrupoPagoRow, 'numeroPagos'>;

/**
 * The element over alias g (grupo_pago). Each group counts its payments in the tenant's range of
 * pago's primary key: a tenant has hundreds of payments (636 in the three tenants of the large
 * dataset), so no index of its own is worth its cost to every import.
 */
const GRUPO_PAGO_SELECT = `
  select g.id as "uuid", g.codigo as "codigo", g.nombre as "nombre", n.pagos as "numeroPagos"`;

const GRUPO_PAGO_FROM = `
    from grupo_pago g
    cross join lateral (
           select count(*)::int as pagos
             from pago p
            where p.tenant_id = g.tenant_id and p.grupo_pago_id = g.id and p.tipo_pago <> 'IN') n`;

export const GRUPO_PAGO_SORT_COLUMNS: Record<string, SortColumn> = {
  codigo: { sql: 'g.codigo', text: true },
  nombre: { sql: 'g.nombre', text: true },
  numeroPagos: { sql: 'n.pagos' },
};
export const GRUPO_PAGO_TIE_BREAKER = 'g.id';

/** $2 filter text, on the folded code or name (a catalog of a few groups: no index needed). */
const FILTER = `
     and (app_fold(g.codigo) like ${foldedContainsPatternSql('$2')} escape '\\'
          or app_fold(g.nombre) like ${foldedContainsPatternSql('$2')} escape '\\')`;

/** $1 tenant, $2 filter if `filtered`: the page with its global count, the whole list, the count alone. */
export function listGruposPagoSql(filtered: boolean, order: string): { page: string; whole: string; count: string } {
  const where = `\n   where g.tenant_id = $1${filtered ? FILTER : ''}`;
  return {
    page: `${GRUPO_PAGO_SELECT}, (count(*) over ())::int as "total"${GRUPO_PAGO_FROM}${where}\n  ${order}`,
    whole: `${GRUPO_PAGO_SELECT}${GRUPO_PAGO_FROM}${where}\n  ${order}`,
    // The count needs no payment count.
    count: `select count(*)::int as "total" from grupo_pago g${where}`,
  };
}

/** $1 tenant, $2 group id: one group by its primary key. */
export const GET_GRUPO_PAGO_TEXT = `${GRUPO_PAGO_SELECT}${GRUPO_PAGO_FROM}
   where g.tenant_id = $1
     and g.id = $2`;

/** $1 tenant. Every group, in the default order of GET /gruposPagos (codigo folded then exact, uuid). */
export const LISTA_GRUPOS_PAGO_SQL = `
  select g.id as "uuid", g.codigo as "codigo", g.nombre as "nombre"
    from grupo_pago g
   where g.tenant_id = $1
   order by app_fold(g.codigo), g.codigo collate "C", g.id`;
