import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { bumpDataVersion, DataVersionReader, SqlReader } from '@nomina-api/platform/persistence';
import { ConcurrencyLimit } from './concurrency-limit';
import { type DocumentoNominaElectronica, GenerarNominaElectronicaCommand } from './generar-nomina-electronica.command';
import { type BloqueNumerosRow, type DocumentoNominaRow, DOCUMENTOS_NOMINA_SQL, TOMAR_NUMEROS_SQL } from './generar-nomina-electronica.sql';

/**
 * Gives the documents, in list order, the contiguous numbers primero, primero + 1, … Each document
 * is one literal with every field (a month is thousands of them): a spread after the own fields
 * would build each object property by property, at about twice the memory.
 */
export function numerarDocumentos(
  rows: readonly DocumentoNominaRow[],
  prefijo: string,
  primero: number,
  ano: number,
  mes: number,
): DocumentoNominaElectronica[] {
  return rows.map((row, i) => {
    const consecutivo = primero + i;
    return {
      numero: `${prefijo}${consecutivo}`,
      prefijo,
      consecutivo,
      ano,
      mes,
      uuidVinculado: row.uuidVinculado,
      uuidEmpleado: row.uuidEmpleado,
      tipoDocumento: row.tipoDocumento,
      identificacion: row.identificacion,
      nombreCompleto: row.nombreCompleto,
      totalDevengados: row.totalDevengados,
      totalDeducciones: row.totalDeducciones,
      totalNeto: row.totalNeto,
    };
  });
}

const NUMBERING_IN_FLIGHT = 2;

/**
 * Builds the month's support documents and numbers them. Reading the documents and taking the
 * block of numbers share ONE transaction: the numbers are consumed exactly when the documents
 * are returned, never skipped by a failure (the rollback gives them back), never shared by two
 * concurrent calls (the sequence row stays locked from the take to COMMIT). The documents are read
 * before the take so the lock is held only for the last statement and the commit. A month without
 * payslips takes nothing and creates no sequence row.
 *
 * At most NUMBERING_IN_FLIGHT numberings run at once in the process; further calls wait here,
 * before they take a pool connection. Calls of one tenant queue on the sequence row anyway, each
 * holding its month's documents (≈ 4 400 on the large dataset, ≈ 2 MB of rows) while it waits:
 * 20 concurrent callers drove the process to 330-360 MB RSS, and callers beyond the pool size got
 * 503 after the pool's acquire timeout. Two in flight keep one reading while the other takes its
 * block and commits.
 */
@CommandHandler(GenerarNominaElectronicaCommand)
export class GenerarNominaElectronicaHandler implements ICommandHandler<GenerarNominaElectronicaCommand, DocumentoNominaElectronica[]> {
  private readonly logger = new Logger('NominaElectronica');
  private readonly inFlight = new ConcurrencyLimit(NUMBERING_IN_FLIGHT);

  constructor(
    private readonly sql: SqlReader,
    private readonly versions: DataVersionReader,
  ) {}

  async execute({ tenantId, ano, mes }: GenerarNominaElectronicaCommand): Promise<DocumentoNominaElectronica[]> {
    const documentos = await this.inFlight.run(() =>
      this.sql.transaction(async (client) => {
        const { rows } = await client.query<DocumentoNominaRow>(DOCUMENTOS_NOMINA_SQL, [tenantId, ano, mes]);
        if (rows.length === 0) return [];
        const { rows: bloque } = await client.query<BloqueNumerosRow>(TOMAR_NUMEROS_SQL, [tenantId, rows.length]);
        // The tenant's data changed (CONTRACT §9): new ETags from this commit on. After the take,
        // as the import does it last: both lock the sequence row before the version row.
        await bumpDataVersion(client, tenantId);
        return numerarDocumentos(rows, bloque[0].prefijo, Number(bloque[0].primero), ano, mes);
      }),
    );
    if (documentos.length > 0) {
      this.versions.invalidate(tenantId);
      const first = documentos[0];
      const last = documentos[documentos.length - 1];
      // Logged after COMMIT: the log lists exactly the numbers that were consumed.
      this.logger.log(
        `Numeración de nómina electrónica consumida: tenant=${tenantId} ano=${ano} mes=${mes} ` +
          `documentos=${documentos.length} primero=${first.numero} ultimo=${last.numero}`,
      );
    }
    return documentos;
  }
}
