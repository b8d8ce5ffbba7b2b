import { textJson } from '@nomina-api/platform/http';
import type { ProveedorRecord } from '../queries/proveedor-record';

/**
 * `JSON.stringify(record)` written field by field (about half its CPU): the complete list streams
 * tens of thousands of records. The record's key order is the wire order; the spec checks both
 * writers agree on every field, nulls and escapes.
 */
export function proveedorJson(r: ProveedorRecord): string {
  const e = r.establecimiento;
  return (
    '{"identificacion":' +
    textJson(r.identificacion) +
    ',"digitoVerificacion":' +
    textJson(r.digitoVerificacion) +
    ',"tipoIdentificacion":' +
    textJson(r.tipoIdentificacion) +
    ',"razonSocial":' +
    textJson(r.razonSocial) +
    ',"nombreComercial":' +
    textJson(r.nombreComercial) +
    ',"establecimiento":{"codigo":' +
    textJson(e.codigo) +
    ',"nombre":' +
    textJson(e.nombre) +
    ',"direccion":' +
    textJson(e.direccion) +
    ',"ciudad":' +
    textJson(e.ciudad) +
    ',"telefono":' +
    textJson(e.telefono) +
    ',"email":' +
    textJson(e.email) +
    '},"ubicacion":' +
    textJson(r.ubicacion) +
    '}'
  );
}
