/** One contributor type of the tenant's catalog (wire names). */
export interface TipoCotizanteRow {
  codigo: string;
  descripcion: string;
}

/** $1 tenant. The whole catalog from its primary key (tenant_id, codigo), codes in byte order (as concept codes in §3.5). */
export const TIPOS_COTIZANTE_SQL = `
  select tc.codigo as "codigo", tc.descripcion as "descripcion"
    from tipo_cotizante tc
   where tc.tenant_id = $1
   order by tc.codigo collate "C"`;
