/** Proveedores' part of the import format (../shared/contract/dataset.schema.json). */

export type Ubicacion = 'DEFINITIVA' | 'ENTRADA';

export interface EstablecimientoInput {
  codigo: string;
  nombre: string;
  direccion?: string | null;
  ciudad?: string | null;
  telefono?: string | null;
  email?: string | null;
}

export interface ProveedorInput {
  identificacion: string;
  digitoVerificacion?: string | null;
  tipoIdentificacion: 'NIT' | 'CC' | 'CE' | 'PA' | 'TI' | 'NIT_EXTRANJERO';
  razonSocial: string;
  nombreComercial?: string | null;
  ubicacion: Ubicacion;
  establecimientos: EstablecimientoInput[];
}
