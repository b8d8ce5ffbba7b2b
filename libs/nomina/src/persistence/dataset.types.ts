import type { IsoDate, Uuid } from '@nomina-api/platform/bulk';

/** Nómina's part of the import format (../shared/contract/dataset.schema.json). */

export interface TipoCotizanteInput {
  codigo: string;
  descripcion: string;
}

export type TipoConcepto = 'DEVENGADO' | 'DEDUCCION';

export interface ConceptoInput {
  codigo: string;
  nombre: string;
  tipo: TipoConcepto;
  baseAportes?: boolean;
}

export interface GrupoPagoInput {
  uuid: Uuid;
  codigo: string;
  nombre: string;
}

export type TipoDocumento = 'CC' | 'CE' | 'TI' | 'PA' | 'PEP' | 'PPT' | 'NIT' | 'RC';

export interface VinculacionInput {
  uuid: Uuid;
  fechaIngreso: IsoDate;
  fechaRetiro?: IsoDate | null;
  salarioBase: number;
  salarioIntegral: boolean;
  tipoCotizante: string;
}

export interface EmpleadoInput {
  uuid: Uuid;
  tipoDocumento: TipoDocumento;
  identificacion: string;
  nombres: string;
  apellidos: string;
  vinculaciones: VinculacionInput[];
}

export type EstadoPago = 'EP' | 'PA' | 'PP' | 'PG' | 'RE' | 'AN';

export type TipoPago = 'PE' | 'PR' | 'CE' | 'IC' | 'LD' | 'AN' | 'DV' | 'NE' | 'VI' | 'IN';

export interface DetalleInput {
  uuid: Uuid;
  concepto: string;
  cantidad?: number;
  valor: number;
}

export interface PagoEmpleadoInput {
  uuid: Uuid;
  vinculacion: Uuid;
  salarioBase: number;
  diasTrabajados?: number;
  detalles: DetalleInput[];
}

export interface PagoInput {
  uuid: Uuid;
  ano: number;
  mes: number;
  descripcion: string;
  fechaDesde: IsoDate;
  fechaHasta: IsoDate;
  fechaPago: IsoDate;
  estado: EstadoPago;
  tipoPago: TipoPago;
  definitivo: boolean;
  incluirPrima?: boolean;
  incluirInteresesCesantias?: boolean;
  generoPlano?: boolean;
  egresoConErrores?: boolean;
  pendienteGenerarEgreso?: boolean;
  pendienteGenerarIngreso?: boolean | null;
  ingresoConErrores?: boolean | null;
  grupoPago?: Uuid | null;
  empleados: PagoEmpleadoInput[];
}

/**
 * A payment whose payslips may be read one by one (a file read as a stream): a single payment can
 * hold any number of them, so only they are lazy, the payment's own fields are there from the start.
 */
export type PagoStreamInput = Omit<PagoInput, 'empleados'> & {
  empleados: Iterable<PagoEmpleadoInput> | AsyncIterable<PagoEmpleadoInput>;
};
