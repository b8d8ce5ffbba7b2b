/**
 * The import format (../shared/contract/dataset.schema.json) as TypeScript types.
 * Large collections (pagos, ventas) are typed as Iterable so a generator can feed the loader
 * lazily (the benchmark seed never builds millions of lines in memory); a parsed file passes
 * plain arrays.
 */
export type Uuid = string;
export type IsoDate = string; // YYYY-MM-DD
export type Instant = string; // ISO-8601 with Z

export interface Dataset {
  tenants: TenantInput[];
}

export interface TenantInput {
  uuid: Uuid;
  nit: string;
  nombre: string;
  activo: boolean;
  nominaElectronica?: { prefijo: string; siguienteNumero: number };
  negocios?: NegocioInput[];
  usuarios?: UsuarioInput[];
  tiposCotizante?: TipoCotizanteInput[];
  conceptos?: ConceptoInput[];
  gruposPago?: GrupoPagoInput[];
  empleados?: EmpleadoInput[];
  pagos?: Iterable<PagoInput>;
  categorias?: CategoriaInput[];
  productos?: ProductoInput[];
  ventas?: Iterable<VentaInput>;
  proveedores?: ProveedorInput[];
}

export type Plan = 'PREMIUM' | 'GRATIS' | 'TRIAL';

export interface NegocioInput {
  uuid: Uuid;
  nombre: string;
  suscripcion?: { plan: Plan; desde: Instant; hasta: Instant } | null;
}

export interface UsuarioInput {
  uuid: Uuid;
  email: string;
  password: string;
  nombre: string;
  apellido: string;
  rol?: string;
  activo?: boolean;
  negocios: Uuid[];
}

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
