import { toProveedorRecord } from './proveedor-record';

describe('toProveedorRecord', () => {
  it('writes the contract shape in the contract order and keeps nulls', () => {
    const record = toProveedorRecord({
      identificacion: '900123456',
      digito_verificacion: '7',
      tipo_identificacion: 'NIT',
      razon_social: 'Distribuidora S.A.S.',
      nombre_comercial: null,
      codigo: '001',
      nombre: 'Principal',
      direccion: 'Cra 1 # 2-3',
      ciudad: null,
      telefono: null,
      email: 'a@b.co',
      ubicacion: 'DEFINITIVA',
    });
    expect(JSON.stringify(record)).toBe(
      '{"identificacion":"900123456","digitoVerificacion":"7","tipoIdentificacion":"NIT","razonSocial":"Distribuidora S.A.S.",' +
        '"nombreComercial":null,"establecimiento":{"codigo":"001","nombre":"Principal","direccion":"Cra 1 # 2-3","ciudad":null,' +
        '"telefono":null,"email":"a@b.co"},"ubicacion":"DEFINITIVA"}',
    );
  });
});
