import { NOMINA_ERROR_STATUS, NominaErrorCode } from './nomina.errors';

describe('NominaErrorCode', () => {
  it('keeps the published codes and their statuses (clients match on them; never rename a value)', () => {
    expect(Object.fromEntries(Object.values(NominaErrorCode).map((code) => [code, NOMINA_ERROR_STATUS[code]]))).toEqual({
      ESTADOS_REQUERIDO: 500,
      PAGO_NO_ENCONTRADO: 404,
      PAGO_EMPLEADO_NO_ENCONTRADO: 404,
      EMPLEADO_NO_ENCONTRADO: 404,
      VINCULADO_NO_ENCONTRADO: 404,
      VINCULADO_VIGENTE_NO_ENCONTRADO: 404,
      GRUPO_PAGO_NO_ENCONTRADO: 404,
      CLAVE_EN_CURSO: 409,
      CLAVE_REUTILIZADA: 422,
      NUMERACION_INCIERTA: 503,
      CLIENTE_DESCONECTADO: 499,
    });
  });
});
