/**
 * The one source of the values that the README's curl examples and the OpenAPI document's
 * prefilled examples use: ids that exist in the demo dataset `npm start` loads
 * (generateDataset({ scale: 'demo' }), deterministic). demo-examples.spec.ts checks each value
 * against the generator, so a change to the generator that breaks an example fails a unit test.
 */
export const DEMO_EXAMPLES = {
  /** ADMIN of Comercializadora Andina; default business Sede Norte (premium). */
  login: { email: 'admin@andina.demo.co', password: 'Andina#2024' },
  /** What POST /login answers for that login, after tokenCurrent (the default business first). */
  loginResponse: {
    _id: '5B5A0656EAFD440C9E23C0FD55534FE6',
    business: '0C71975A84044A959981EF37492EBEB8',
    name: 'Ana',
    lastName: 'Gómez Pérez',
    email: 'admin@andina.demo.co',
    role: 'ADMIN',
    isActive: true,
    businesses: [
      { _id: '0C71975A84044A959981EF37492EBEB8', name: 'Sede Norte', premium: true },
      { _id: 'E96B8D64136841EDAEBE53204C24FA02', name: 'Sede Sur', premium: false },
    ],
  },
  /** Sede Norte: the login user's premium business (a valid reportUtility businessId). */
  businessId: '0C71975A84044A959981EF37492EBEB8',
  /** "Nómina mensual febrero 2025", estado PG, of the Andina tenant. */
  pago: '4B36728BFD9440488AE76D400213BA3C',
  /** A payslip of that payment (Martín Torres Pérez). */
  pagoEmpleado: '6CCFF9D175774999991D521E570DF7FB',
  /** An employee of the Andina tenant with a current bond. */
  empleado: { tipoDocumento: 'CC', identificacion: '1039953365' },
  /** That employee (Mauricio Cárdenas Méndez): the person's uuid and the current bond. */
  empleadoUuid: 'FAC65D08FA57471698F63C95E7B7C933',
  vinculado: '17E2BDB8FC7C46189585C5A4B1919126',
  /** The legacy flags of GET /vinculados, as the public employee-sync client sends them (no effect). */
  vinculadosFlags: {
    requestData: '{"masivo":true,"conPrestaciones":true,"eliminados":[]}',
    masivo: 'true',
    conPrestaciones: 'true',
    eliminados: '[]',
  },
  /** A payment group of the tenant (ADM, Administrativos). */
  grupoPago: '4E7E07FEA2D34D0FAB412858228CE128',
  /** A NIT supplier with two definitive establishments, written with its check digit. */
  proveedor: '1047153323-2',
  acumulados: { fechaDesde: '2025-01-01', fechaHasta: '2025-12-31', isDetalleParaAportes: 'true' },
  nominaElectronica: { ano: 2025, mes: 3 },
  /** A month with sales in Sede Norte. */
  report: { dateInitISO: '2025-03-01T00:00:00.000Z', dateEndISO: '2025-03-31T23:59:59.999Z' },
} as const;
