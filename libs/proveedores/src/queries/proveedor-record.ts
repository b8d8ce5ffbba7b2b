/** Where a record was found: the definitive tables or the entry (staging) tables. */
export type Ubicacion = 'DEFINITIVA' | 'ENTRADA';

export interface EstablecimientoRecord {
  codigo: string;
  nombre: string;
  direccion: string | null;
  ciudad: string | null;
  telefono: string | null;
  email: string | null;
}

/** One record per establishment (CONTRACT §5); the key order here is the wire order. */
export interface ProveedorRecord {
  identificacion: string;
  digitoVerificacion: string | null;
  tipoIdentificacion: string;
  razonSocial: string;
  nombreComercial: string | null;
  establecimiento: EstablecimientoRecord;
  ubicacion: Ubicacion;
}

/** The columns every supplier read selects, in this order. */
export interface ProveedorRow {
  identificacion: string;
  digito_verificacion: string | null;
  tipo_identificacion: string;
  razon_social: string;
  nombre_comercial: string | null;
  codigo: string;
  nombre: string;
  direccion: string | null;
  ciudad: string | null;
  telefono: string | null;
  email: string | null;
  ubicacion: Ubicacion;
}

export function toProveedorRecord(row: ProveedorRow): ProveedorRecord {
  return {
    identificacion: row.identificacion,
    digitoVerificacion: row.digito_verificacion,
    tipoIdentificacion: row.tipo_identificacion,
    razonSocial: row.razon_social,
    nombreComercial: row.nombre_comercial,
    establecimiento: {
      codigo: row.codigo,
      nombre: row.nombre,
      direccion: row.direccion,
      ciudad: row.ciudad,
      telefono: row.telefono,
      email: row.email,
    },
    ubicacion: row.ubicacion,
  };
}
