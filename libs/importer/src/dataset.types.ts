/**
 * The import format (../shared/contract/dataset.schema.json) as TypeScript types: a dataset of
 * tenants, each made of the parts the contexts own (their persistence/dataset.types.ts).
 * Large collections (pagos, ventas) are typed as Iterable so a generator can feed the loader
 * lazily (the benchmark seed never builds millions of lines in memory); a parsed file passes
 * plain arrays.
 */
export type { Instant, IsoDate, NegocioInput, Plan, UsuarioInput, Uuid } from '@nomina-api/platform/bulk';
export type {
  ConceptoInput,
  DetalleInput,
  EmpleadoInput,
  EstadoPago,
  GrupoPagoInput,
  PagoEmpleadoInput,
  PagoInput,
  PagoStreamInput,
  TipoConcepto,
  TipoCotizanteInput,
  TipoDocumento,
  TipoPago,
  VinculacionInput,
} from '@nomina-api/nomina/persistence';
export type { CategoriaInput, EstadoVenta, ProductoInput, VentaInput, VentaLineaInput } from '@nomina-api/reportes/persistence';
export type { EstablecimientoInput, ProveedorInput, Ubicacion } from '@nomina-api/proveedores/persistence';
import type { NegocioInput, UsuarioInput, Uuid } from '@nomina-api/platform/bulk';
import type { ConceptoInput, EmpleadoInput, GrupoPagoInput, PagoInput, TipoCotizanteInput } from '@nomina-api/nomina/persistence';
import type { CategoriaInput, ProductoInput, VentaInput } from '@nomina-api/reportes/persistence';
import type { ProveedorInput, Ubicacion } from '@nomina-api/proveedores/persistence';

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
  /** Removals; only in a file imported with --merge (CONTRACT §6). */
  eliminar?: EliminarInput;
}

/** What a merge removes from the stored tenant: payments, sales and employees by uuid, suppliers by identificacion and ubicacion. */
export interface EliminarInput {
  pagos?: Uuid[];
  ventas?: Uuid[];
  empleados?: Uuid[];
  proveedores?: { identificacion: string; ubicacion: Ubicacion }[];
}
