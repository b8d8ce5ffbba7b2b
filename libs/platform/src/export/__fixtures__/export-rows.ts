import { exportColumns } from '../export-column';

/** A payroll-like element with every column kind and a nested object, for the writers' specs. */
export const PAGO_LIKE_COLUMNS = exportColumns({
  uuid: 'uuid', descripcion: 'text', fechaPago: 'date', creado: 'timestamp', totalNeto: 'number', definitivo: 'boolean',
  grupoPago: { codigo: 'text' },
});

/** Every kind filled; text needing CSV quoting and XML escaping; a uuid in PostgreSQL's form. */
export const ROW_EVERY_KIND = {
  uuid: 'edb3a93c-c8bc-4be2-a4c5-b8abb2a86588', descripcion: 'Nómina "febrero", 2023 <b> & más\r\nsegunda línea', fechaPago: '2023-02-28',
  creado: '2023-02-28 10:00:00-05', totalNeto: '138083465.24', definitivo: true, grupoPago: { codigo: 'ADM' },
};

/** Formula-looking text, nulls everywhere else, a number JS would print with an exponent. */
export const ROW_FORMULA_AND_NULLS = {
  uuid: 'EDB3A93CC8BC4BE2A4C5B8ABB2A86589', descripcion: '=HYPERLINK("http://x")', fechaPago: null, creado: null, totalNeto: -1.5e-7, definitivo: false, grupoPago: null,
};
