import { documentedProperties } from '@nomina-api/platform/http';
import { type ProveedorRow, toProveedorRecord } from '../../queries/proveedor-record';
import { EstablecimientoResponseDto, ProveedorResponseDto } from './proveedor.response.dto';

const ROW: ProveedorRow = {
  identificacion: '900123456',
  digito_verificacion: '7',
  tipo_identificacion: 'NIT',
  razon_social: 'Proveedor S.A.S.',
  nombre_comercial: null,
  codigo: '001',
  nombre: 'Principal',
  direccion: null,
  ciudad: null,
  telefono: null,
  email: null,
  ubicacion: 'DEFINITIVA',
};

const names = (dto: Parameters<typeof documentedProperties>[0]) => documentedProperties(dto).map((p) => p.name);

/**
 * The supplier body is the record the handler builds, serialised as it is (key order = wire
 * order), while OpenAPI reads the DTO: a field added to one and not the other, or reordered,
 * fails here.
 */
describe('proveedor response DTO against the record the handler sends', () => {
  it('documents the record fields in wire order', () => {
    expect(names(ProveedorResponseDto)).toEqual(Object.keys(toProveedorRecord(ROW)));
  });

  it('documents the establishment fields in wire order', () => {
    expect(names(EstablecimientoResponseDto)).toEqual(Object.keys(toProveedorRecord(ROW).establecimiento));
  });
});
