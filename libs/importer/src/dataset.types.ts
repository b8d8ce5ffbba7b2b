/**
 * The import format (../shared/contract/dataset.schema.json) as TypeScript types: a dataset of
 * tenants, each made of the parts the contexts own (their persistence/dataset.types.ts).
 * Large collections (pagos, ventas) are typed as Iterable so a generator can feed the loader
 * lazily (the benchmark seed never builds millions of lines in memory); a parsed file passes
 * plain arrays.
 */
export type { Instant, IsoDate, Uuid } from '@app/platform/persistence/bulk/dataset-scalars';
export type { NegocioInput, Plan, UsuarioInput } from '@app/platform/persistence/tenant-data';
export type {
  ConceptoInput,
  DetalleInput,
  EmpleadoInput,
  EstadoPago,
  GrupoPagoInput,
  PagoEmpleadoInput,
  PagoInput,
  TipoConcepto,
  TipoCotizanteInput,
  TipoDocumento,
  TipoPago,
  VinculacionInput,
} from '@app/nomina/persistence';
export type { CategoriaInput, EstadoVenta, ProductoInput, VentaInput, VentaLineaInput } from '@app/reportes/persistence';
export type { EstablecimientoInput, ProveedorInput, Ubicacion } from '@app/proveedores/persistence';
import type { Uuid } from '@app/platform/persistence/bulk/dataset-scalars';
import type { NegocioInput, UsuarioInput } from '@app/platform/persistence/tenant-data';
import type { ConceptoInput, EmpleadoInput, GrupoPagoInput, PagoInput, TipoCotizanteInput } from '@app/nomina/persistence';
import type { CategoriaInput, ProductoInput, VentaInput } from '@app/reportes/persistence';
import type { ProveedorInput } from '@app/proveedores/persistence';

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
