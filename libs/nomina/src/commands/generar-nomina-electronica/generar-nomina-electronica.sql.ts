import { orderBy } from '../../queries/listing';

/**
 * Electronic payroll support documents of one month (CONTRACT §3.8). Both statements run in ONE
 * transaction (GenerarNominaElectronicaHandler): the documents are read first, then the block of
 * numbers is taken with a single upsert whose row lock is held until COMMIT.
 */

/** One support document before numbering: a labor bond's payslips of the month, summed. */
export interface DocumentoNominaRow {
  uuidVinculado: string;
  uuidEmpleado: string;
  tipoDocumento: string;
  identificacion: string;
  nombreCompleto: string;
  totalDevengados: string;
  totalDeducciones: string;
  totalNeto: string;
}

/** Order of the documents, and so of their numbers: nombreCompleto (folded, then exact), then the bond. */
const ORDER = orderBy(
  [{ field: 'nombreCompleto', direction: 'asc' }],
  { nombreCompleto: { sql: 'e.nombre_completo', text: true, foldedSql: 'e.nombre_fold' } },
  'pe.vinculacion_id',
);

/**
 * $1 tenant, $2 ano, $3 mes. Payments of that period that are definitive, not of type IN and not
 * annulled (index pago_periodo (tenant_id, ano, mes)); their payslips through the unique index
 * (tenant_id, pago_id, vinculacion_id). A bond paid in several such payments of the month gets ONE
 * document with the summed stored totals.
 */
export const DOCUMENTOS_NOMINA_SQL = `
  select pe.vinculacion_id as "uuidVinculado", pe.empleado_id as "uuidEmpleado",
         e.tipo_documento as "tipoDocumento", e.identificacion as "identificacion", e.nombre_completo as "nombreCompleto",
         sum(pe.total_devengados) as "totalDevengados", sum(pe.total_deducciones) as "totalDeducciones",
         sum(pe.total_neto) as "totalNeto"
    from pago p
    join pago_empleado pe on pe.tenant_id = p.tenant_id and pe.pago_id = p.id
    join empleado e on e.tenant_id = pe.tenant_id and e.id = pe.empleado_id
   where p.tenant_id = $1
     and p.ano = $2
     and p.mes = $3
     and p.definitivo
     and p.tipo_pago <> 'IN'
     and p.estado <> 'AN'
   group by pe.vinculacion_id, pe.empleado_id, e.tipo_documento, e.identificacion, e.nombre_completo, e.nombre_fold
   ${ORDER}`;

export interface BloqueNumerosRow {
  prefijo: string;
  /** bigint as text. */
  primero: string;
  /**
   * The transaction's id (txid_current(), bigint as text): what settles the outcome of a COMMIT
   * whose answer was lost (txid_status on another connection).
   */
  xid: string;
}

/**
 * $1 tenant, $2 how many numbers. Takes the block [primero, primero + $2 - 1] atomically: a tenant
 * without a sequence row gets one at prefix NE starting at 1 (the insert), otherwise the row is
 * advanced (the update). Either way the row stays locked until the transaction ends, so concurrent
 * calls queue here and each sees the value the previous one committed (READ COMMITTED re-reads the
 * updated row); a rollback gives the block back. Equivalent to "insert … on conflict do nothing"
 * followed by "update … returning", in one round trip.
 */
export const TOMAR_NUMEROS_SQL = `
  insert into nomina_electronica_secuencia as s (tenant_id, prefijo, siguiente_numero)
  values ($1, 'NE', 1 + $2::bigint)
  on conflict (tenant_id) do update set siguiente_numero = s.siguiente_numero + $2::bigint
  returning s.prefijo, (s.siguiente_numero - $2::bigint)::text as primero, txid_current()::text as xid`;

/**
 * $1 tenant, $2 prefijo, $3 primero, $4 cantidad, $5 ano, $6 mes, $7 Idempotency-Key or null,
 * $8 the documents' rows as JSON (only with a key: what a replay numbers again) or null. In the
 * transaction that takes the block, so a block is recorded exactly when it is consumed (CONTRACT
 * §3.8: every block taken is recorded).
 */
export const REGISTRAR_BLOQUE_SQL = `
  insert into nomina_electronica_bloque (tenant_id, prefijo, primero, ultimo, cantidad, ano, mes, clave_idempotencia, documentos)
  values ($1, $2, $3::bigint, $3::bigint + $4::int - 1, $4, $5, $6, $7, $8)`;

/** How long an Idempotency-Key replays its block (CONTRACT §3.8: within 24 h). */
export const CLAVE_VIGENCIA_HORAS = 24;

/**
 * $1 tenant, $2 Idempotency-Key: a transaction-scoped advisory lock on the pair, without waiting.
 * Not granted = another call with that key holds it right now (409). Released by COMMIT or
 * ROLLBACK, and by PostgreSQL when the connection dies, so no claim outlives its call.
 */
export const BLOQUEAR_CLAVE_SQL = `select pg_try_advisory_xact_lock(hashtextextended($1::text || '/' || $2, 0)) as libre`;

export interface BloqueRegistradoRow {
  ano: number;
  mes: number;
  prefijo: string;
  /** bigint as text. */
  primero: string;
  /** JSON of the DocumentoNominaRow[] the block numbered. */
  documentos: string;
}

/** $1 tenant, $2 Idempotency-Key: the block that key took within its validity (index nomina_electronica_bloque_clave). */
export const BLOQUE_POR_CLAVE_SQL = `
  select ano, mes, prefijo, primero::text as primero, documentos
    from nomina_electronica_bloque
   where tenant_id = $1 and clave_idempotencia = $2 and documentos is not null
     and creado_en > now() - interval '${CLAVE_VIGENCIA_HORAS} hours'
   order by creado_en desc
   limit 1`;

/**
 * $1 tenant: the documents of blocks past their key's validity are dropped (the record of the
 * block stays). Run now and then after a keyed call, for that tenant only.
 */
export const OLVIDAR_DOCUMENTOS_SQL = `
  update nomina_electronica_bloque set documentos = null
   where tenant_id = $1 and documentos is not null and creado_en <= now() - interval '${CLAVE_VIGENCIA_HORAS} hours'`;
