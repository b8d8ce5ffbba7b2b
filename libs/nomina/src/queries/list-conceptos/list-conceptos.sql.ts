import type { TipoConcepto } from '../../domain/tipo-concepto';

/** One payroll concept of the tenant's catalog (wire names). */
export interface ConceptoRow {
  codigo: string;
  nombre: string;
  tipo: TipoConcepto;
  baseAportes: boolean;
}

/** $1 tenant. The whole catalog from its primary key (tenant_id, codigo), codes in byte order (as in §3.5). */
export const CONCEPTOS_SQL = `
  select c.codigo as "codigo", c.nombre as "nombre", c.tipo as "tipo", c.base_aportes as "baseAportes"
    from concepto c
   where c.tenant_id = $1
   order by c.codigo collate "C"`;
