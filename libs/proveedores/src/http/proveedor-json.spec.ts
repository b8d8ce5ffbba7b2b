import { type ProveedorRow, toProveedorRecord } from '../queries/proveedor-record';
import { proveedorJson } from './proveedor-json';

const row: ProveedorRow = {
  identificacion: '900123456',
  digito_verificacion: '7',
  tipo_identificacion: 'NIT',
  razon_social: 'Distribuidora S.A.S.',
  nombre_comercial: 'Andina',
  codigo: '001',
  nombre: 'Principal',
  direccion: 'Cra 1 # 2-3',
  ciudad: 'Bogotá',
  telefono: '6011234567',
  email: 'a@b.co',
  ubicacion: 'DEFINITIVA',
};
const texts = [
  '',
  'Ñandú & Cía',
  'comillas "dobles" y \\ barra',
  'línea\nnueva\ttab',
  '\u0000\u001f\u007f',
  '\u2028',
  '😀',
  '\ud83d sola',
  'x\ude00',
];
const keys = Object.keys(row).filter((k) => k !== 'ubicacion') as (keyof ProveedorRow)[];

describe('proveedorJson', () => {
  it('is JSON.stringify(record) for every field null, empty, escaped or non-ASCII', () => {
    const cases: ProveedorRow[] = [row, { ...row, ubicacion: 'ENTRADA' }];
    for (const key of keys) {
      cases.push({ ...row, [key]: null });
      for (const t of texts) cases.push({ ...row, [key]: t });
    }
    for (const c of cases) {
      const record = toProveedorRecord(c);
      expect(proveedorJson(record)).toBe(JSON.stringify(record));
    }
  });
});
