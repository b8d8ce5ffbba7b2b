import { BUMP_DATA_VERSION_SQL, type DataVersionReader, type PgClient, type SqlReader } from '@nomina-api/platform/persistence';
import { GenerarNominaElectronicaCommand } from './generar-nomina-electronica.command';
import { GenerarNominaElectronicaHandler, numerarDocumentos } from './generar-nomina-electronica.handler';
import { DOCUMENTOS_NOMINA_SQL, type DocumentoNominaRow, REGISTRAR_BLOQUE_SQL, TOMAR_NUMEROS_SQL } from './generar-nomina-electronica.sql';

const doc = (nombreCompleto: string): DocumentoNominaRow => ({
  uuidVinculado: '00000000-0000-4000-8000-000000000001',
  uuidEmpleado: '00000000-0000-4000-8000-000000000002',
  tipoDocumento: 'CC',
  identificacion: '1001',
  nombreCompleto,
  totalDevengados: '100.00',
  totalDeducciones: '0.00',
  totalNeto: '100.00',
});

/** A SqlReader whose transaction records the statements and answers from a script. */
function fakeSql(answers: Map<string, unknown[]>): { sql: SqlReader; statements: string[] } {
  const statements: string[] = [];
  const client = {
    query: async (text: string) => {
      statements.push(text);
      return { rows: answers.get(text) ?? [], rowCount: 0 };
    },
  } as unknown as PgClient;
  const sql = { transaction: <T>(fn: (c: PgClient) => Promise<T>) => fn(client) } as unknown as SqlReader;
  return { sql, statements };
}

/** Records the tenants whose cached data version was dropped. */
function fakeVersions(): { versions: DataVersionReader; invalidated: string[] } {
  const invalidated: string[] = [];
  return { versions: { invalidate: (t: string) => void invalidated.push(t) } as unknown as DataVersionReader, invalidated };
}

describe('numerarDocumentos', () => {
  it('gives contiguous numbers in list order, prefix + number without padding', () => {
    const out = numerarDocumentos([doc('Ana'), doc('Beto'), doc('Caro')], 'NE', 9, 2024, 3);
    expect(out.map((d) => [d.numero, d.consecutivo, d.nombreCompleto])).toEqual([
      ['NE9', 9, 'Ana'],
      ['NE10', 10, 'Beto'],
      ['NE11', 11, 'Caro'],
    ]);
    expect(out[0]).toEqual(expect.objectContaining({ prefijo: 'NE', ano: 2024, mes: 3 }));
  });
});

describe('GenerarNominaElectronicaHandler', () => {
  it('takes exactly as many numbers as documents, after reading them', async () => {
    const { sql, statements } = fakeSql(
      new Map<string, unknown[]>([
        [DOCUMENTOS_NOMINA_SQL, [doc('Ana'), doc('Beto')]],
        [TOMAR_NUMEROS_SQL, [{ prefijo: 'NEA', primero: '15', xid: '900' }]],
        [BUMP_DATA_VERSION_SQL, [{ version: '7' }]],
      ]),
    );
    const { versions, invalidated } = fakeVersions();
    const out = await new GenerarNominaElectronicaHandler(sql, versions).execute(new GenerarNominaElectronicaCommand('t', 2024, 3));
    // The block is recorded and the data version moves in the same transaction, after the take (CONTRACT §3.8, §9).
    expect(statements).toEqual([DOCUMENTOS_NOMINA_SQL, TOMAR_NUMEROS_SQL, REGISTRAR_BLOQUE_SQL, BUMP_DATA_VERSION_SQL]);
    expect(invalidated).toEqual(['t']);
    expect(out.repetida).toBe(false);
    expect(out.documentos.map((d) => d.numero)).toEqual(['NEA15', 'NEA16']);
  });

  it('does not touch the sequence for a month without documents', async () => {
    const { sql, statements } = fakeSql(new Map());
    const { versions, invalidated } = fakeVersions();
    expect(await new GenerarNominaElectronicaHandler(sql, versions).execute(new GenerarNominaElectronicaCommand('t', 2024, 4))).toEqual({
      documentos: [],
      repetida: false,
    });
    expect(statements).toEqual([DOCUMENTOS_NOMINA_SQL]);
    expect(invalidated).toEqual([]);
  });
});
