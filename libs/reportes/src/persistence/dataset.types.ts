import type { Instant, Uuid } from '@nomina-api/platform/bulk';

/** Reportes' part of the import format (../shared/contract/dataset.schema.json): catalog and sales. */

export interface CategoriaInput {
  uuid: Uuid;
  nombre: string;
}

export interface ProductoInput {
  uuid: Uuid;
  negocio: Uuid;
  categoria?: Uuid | null;
  codigo: string;
  nombre: string;
}

export type EstadoVenta = 'Pagada' | 'Pendiente' | 'Anulada';

export interface VentaLineaInput {
  producto: Uuid;
  cantidad: number;
  precioUnitario: number;
  descuento?: number;
  impuestos?: number;
  costoPromedio: number;
}

export interface VentaInput {
  uuid: Uuid;
  negocio: Uuid;
  fecha: Instant;
  estado: EstadoVenta;
  lineas: VentaLineaInput[];
}
