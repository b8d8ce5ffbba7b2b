import { type ExportColumn, exportColumns } from '@nomina-api/platform/export';

/** Supplier records as exported: the JSON fields in their order, the establishment flattened. */
export const PROVEEDOR_EXPORT_COLUMNS: readonly ExportColumn[] = exportColumns({
  identificacion: 'text',
  digitoVerificacion: 'text',
  tipoIdentificacion: 'text',
  razonSocial: 'text',
  nombreComercial: 'text',
  establecimiento: { codigo: 'text', nombre: 'text', direccion: 'text', ciudad: 'text', telefono: 'text', email: 'text' },
  ubicacion: 'text',
});
