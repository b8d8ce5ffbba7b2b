import { PROVEEDORES_ERROR_STATUS, ProveedoresErrorCode } from './proveedores.errors';

describe('ProveedoresErrorCode', () => {
  it('keeps the published code and its status under the consistent name (clients match on the value)', () => {
    expect(ProveedoresErrorCode.PROVEEDOR_NO_ENCONTRADO).toBe('PROVEEDOR_NOT_FOUND');
    // The deprecated alias host apps may still use, read by name.
    expect(ProveedoresErrorCode['PROVEEDOR_NOT_FOUND' as keyof typeof ProveedoresErrorCode]).toBe('PROVEEDOR_NOT_FOUND');
    expect(PROVEEDORES_ERROR_STATUS).toEqual({ PROVEEDOR_NOT_FOUND: 404 });
  });
});
