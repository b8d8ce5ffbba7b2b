/**
 * The tenant's supplier records (one per establishment): every definitive establishment, plus
 * the entry establishments of identifications that have no definitive establishment (the same
 * rule as GET /proveedor/{identificacion}). Ordered by identificacion, then codigo, in byte order:
 * both columns are collate "C", like the primary keys
 * (tenant_id, identificacion, codigo) that every statement here reads in order.
 */

/** $1 tenant → { total } (bigint as text). Index-only scans of both establishment primary keys. */
export const COUNT_PROVEEDORES_SQL = `
  select (select count(*) from proveedor_establecimiento where tenant_id = $1)
       + (select count(*)
            from proveedor_entrada_establecimiento e
           where e.tenant_id = $1
             and not exists (select 1 from proveedor_establecimiento d
                              where d.tenant_id = e.tenant_id and d.identificacion = e.identificacion)) as total`;

/**
 * One page: $1 tenant, $2 limit, $3 offset. Rows: ProveedorRow.
 *
 * The page's keys come first, from a UNION ALL of the two establishment tables with the tenant
 * filter outside: only then does PostgreSQL flatten it into a Merge Append of two ordered
 * index-only scans that stops after offset + limit keys. (A UNION of joins, or a tenant filter
 * inside each branch, is planned branch by branch and sorts the tenant's whole list first.) The
 * entry check is an index probe per entry key read. Names and addresses are then joined for the
 * page's keys only.
 */
export const PAGE_PROVEEDORES_SQL = `
  with pagina as (
    select r.tenant_id, r.identificacion, r.codigo, r.ubicacion
      from (select tenant_id, identificacion, codigo, 'DEFINITIVA' as ubicacion from proveedor_establecimiento
            union all
            select tenant_id, identificacion, codigo, 'ENTRADA' from proveedor_entrada_establecimiento) r
     where r.tenant_id = $1
       and (r.ubicacion = 'DEFINITIVA'
            or not exists (select 1 from proveedor_establecimiento d
                            where d.tenant_id = r.tenant_id and d.identificacion = r.identificacion))
     order by r.identificacion collate "C", r.codigo collate "C"
     limit $2 offset $3
  )
  select r.*
    from (select g.identificacion, p.digito_verificacion, p.tipo_identificacion, p.razon_social, p.nombre_comercial,
                 e.codigo, e.nombre, e.direccion, e.ciudad, e.telefono, e.email, g.ubicacion
            from pagina g
            join proveedor_establecimiento e on e.tenant_id = g.tenant_id and e.identificacion = g.identificacion and e.codigo = g.codigo
            join proveedor p on p.tenant_id = g.tenant_id and p.identificacion = g.identificacion
           where g.ubicacion = 'DEFINITIVA'
          union all
          select g.identificacion, p.digito_verificacion, p.tipo_identificacion, p.razon_social, p.nombre_comercial,
                 e.codigo, e.nombre, e.direccion, e.ciudad, e.telefono, e.email, g.ubicacion
            from pagina g
            join proveedor_entrada_establecimiento e on e.tenant_id = g.tenant_id and e.identificacion = g.identificacion and e.codigo = g.codigo
            join proveedor_entrada p on p.tenant_id = g.tenant_id and p.identificacion = g.identificacion
           where g.ubicacion = 'ENTRADA') r
   order by r.identificacion collate "C", r.codigo collate "C"`;

/**
 * The whole list, read through a cursor: $1 tenant. Rows: ProveedorRow. Every row is read anyway,
 * so the planner is left to its cheapest total plan (hash joins and one sort, which spills to
 * disk past work_mem); the service's memory is bounded by the cursor batch, not by this plan.
 */
export const ALL_PROVEEDORES_SQL = `
  select r.*
    from (select p.identificacion, p.digito_verificacion, p.tipo_identificacion, p.razon_social, p.nombre_comercial,
                 e.codigo, e.nombre, e.direccion, e.ciudad, e.telefono, e.email, 'DEFINITIVA' as ubicacion
            from proveedor_establecimiento e
            join proveedor p on p.tenant_id = e.tenant_id and p.identificacion = e.identificacion
           where e.tenant_id = $1
          union all
          select p.identificacion, p.digito_verificacion, p.tipo_identificacion, p.razon_social, p.nombre_comercial,
                 e.codigo, e.nombre, e.direccion, e.ciudad, e.telefono, e.email, 'ENTRADA'
            from proveedor_entrada_establecimiento e
            join proveedor_entrada p on p.tenant_id = e.tenant_id and p.identificacion = e.identificacion
           where e.tenant_id = $1
             and not exists (select 1 from proveedor_establecimiento d
                              where d.tenant_id = e.tenant_id and d.identificacion = e.identificacion)) r
   order by r.identificacion collate "C", r.codigo collate "C"`;
