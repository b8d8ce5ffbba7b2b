/** A labor bond as read (wire names of CONTRACT §11.1; the handler nests tipoCotizante). */
export interface VinculadoRow {
  uuid: string;
  empleadoUuid: string;
  tipoDocumento: string;
  /** The person's document number, under the legacy integration's name. */
  idEmpleado: string;
  nombres: string;
  apellidos: string;
  nombreCompleto: string;
  fechaIngreso: string;
  fechaRetiro: string | null;
  salarioBase: string;
  salarioIntegral: boolean;
  tipoCotizanteCodigo: string;
  tipoCotizanteDescripcion: string;
  /** Current today in Bogotá (the rule of GET /empleados). */
  activo: boolean;
}

/** A bond ready for the legacy writer. */
export interface VinculadoView extends Omit<VinculadoRow, 'tipoCotizanteCodigo' | 'tipoCotizanteDescripcion'> {
  tipoCotizante: { codigo: string; descripcion: string };
}

/** Every field named (one fixed object shape per row, as pagos' toView). */
export function toVinculadoView(r: VinculadoRow): VinculadoView {
  return {
    uuid: r.uuid,
    empleadoUuid: r.empleadoUuid,
    tipoDocumento: r.tipoDocumento,
    idEmpleado: r.idEmpleado,
    nombres: r.nombres,
    apellidos: r.apellidos,
    nombreCompleto: r.nombreCompleto,
    fechaIngreso: r.fechaIngreso,
    fechaRetiro: r.fechaRetiro,
    salarioBase: r.salarioBase,
    salarioIntegral: r.salarioIntegral,
    tipoCotizante: { codigo: r.tipoCotizanteCodigo, descripcion: r.tipoCotizanteDescripcion },
    activo: r.activo,
  };
}
