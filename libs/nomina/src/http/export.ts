import { type Readable, Transform } from 'node:stream';
import type { StreamableFile } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  bogotaDate,
  columnsFromLegacySchema,
  type ExportColumn,
  exportFile,
  exportFileName,
  type ExportFormat,
  resolveExportFormat,
  type RowSource,
} from '@nomina-api/platform/export';
import { pipeInto, toWireUuid } from '@nomina-api/platform/http';
import { CONCEPTO_ACUMULADO_SCHEMA } from './dto/conceptos-acumulados.response.dto';
import { EMPLEADO_SCHEMA } from './dto/empleado.response.dto';
import { ACUMULADO_CONCEPTO_CONTACTO_SCHEMA, ACUMULADO_CONCEPTO_SCHEMA } from './dto/acumulado-por-concepto.response.dto';
import { HISTORIAL_PAGO_SCHEMA } from './dto/historial-pagos.response.dto';
import { DETALLE_PAGO_SCHEMA, PAGO_EMPLEADO_DETALLE_SCHEMA } from './dto/pago-empleado-detalle.response.dto';
import { PAGO_EMPLEADO_SCHEMA } from './dto/pago-empleado.response.dto';
import { PAGO_SCHEMA } from './dto/pago.response.dto';

/**
 * Exports of the payroll reads (CONTRACT §8). Each resource's columns come from the schema its
 * legacy JSON is written with, so a file has exactly the JSON's fields, in its order.
 */
export const NOMINA_EXPORTS = {
  pagos: columnsFromLegacySchema(PAGO_SCHEMA),
  pagoEmpleados: columnsFromLegacySchema(PAGO_EMPLEADO_SCHEMA),
  pagoEmpleadoDetalles: columnsFromLegacySchema(PAGO_EMPLEADO_DETALLE_SCHEMA),
  detallePago: columnsFromLegacySchema(DETALLE_PAGO_SCHEMA),
  conceptosacumulados: columnsFromLegacySchema(CONCEPTO_ACUMULADO_SCHEMA),
  empleados: columnsFromLegacySchema(EMPLEADO_SCHEMA),
  historialPagos: columnsFromLegacySchema(HISTORIAL_PAGO_SCHEMA),
  conceptosacumuladosPorConcepto: columnsFromLegacySchema(ACUMULADO_CONCEPTO_SCHEMA),
  conceptosacumuladosPorContacto: columnsFromLegacySchema(ACUMULADO_CONCEPTO_CONTACTO_SCHEMA),
} satisfies Record<string, ExportColumn[]>;

export type NominaResource = keyof typeof NOMINA_EXPORTS;

/** The format the request asks for (`format`, else Accept, else JSON); another `format` → 400 FORMATO_INVALIDO. */
export function requestedFormat(reply: FastifyReply): ExportFormat {
  return resolveExportFormat((reply.request.query as Record<string, unknown>).format, reply.request.headers.accept);
}

/** An export pages only when the request gives `offset` or `size` (an empty value counts as absent, as in JSON). */
export function pagingGiven(reply: FastifyReply): boolean {
  const query = reply.request.query as Record<string, unknown>;
  return [query.offset, query.size].some((v) => v !== undefined && v !== '');
}

/**
 * The file of a payroll read: named after the resource, the request's own identifier (a
 * payment, a payslip) if any, and the date range — or, without one, the request date in Bogotá.
 */
export function nominaFile(
  format: Exclude<ExportFormat, 'json'>,
  resource: NominaResource,
  rows: RowSource,
  name: { uuid?: string; range?: [string, string] } = {},
): StreamableFile {
  const parts = [...(name.uuid ? [toWireUuid(name.uuid)] : []), ...(name.range ?? [bogotaDate()])];
  return exportFile(format, { resource, columns: NOMINA_EXPORTS[resource], rows, fileName: exportFileName(resource, ...parts) });
}

/**
 * The rows of a stream of row batches (a cursor read with `batches: true`), one by one as the
 * export writers take them. Piped, so destroying the rows (client gone) destroys the batches too.
 */
export function eachRow(batches: Readable): Readable {
  const rows = new Transform({
    objectMode: true,
    // One batch waiting here at most.
    writableHighWaterMark: 1,
    transform(batch: readonly object[], _encoding, callback) {
      for (const row of batch) this.push(row);
      callback();
    },
  });
  return pipeInto(batches, rows);
}
