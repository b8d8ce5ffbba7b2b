/** An employee with one labor bond (wire names of GET /empleados, CONTRACT §3.9). */
export interface EmpleadoRow {
  empleadoUuid: string;
  identificacion: string;
  vinculadoUuid: string | null;
  tipoDocumento: string;
  nombreCompleto: string;
  fechaIngreso: string | null;
  fechaRetiro: string | null;
  salarioBase: string | null;
  salarioIntegral: boolean | null;
  /** Description of the contributor type, not its code. */
  tipoCotizante: string | null;
}
