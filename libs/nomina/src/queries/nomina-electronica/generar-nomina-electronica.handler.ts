import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SqlReader } from '@app/platform/persistence/sql-reader';
import { type DocumentoNominaElectronica, GenerarNominaElectronicaCommand } from './generar-nomina-electronica.command';
import { type BloqueNumerosRow, type DocumentoNominaRow, DOCUMENTOS_NOMINA_SQL, TOMAR_NUMEROS_SQL } from './nomina-electronica.sql';

/** Gives the documents, in list order, the contiguous numbers primero, primero + 1, … */
export function numerarDocumentos(
  rows: readonly DocumentoNominaRow[],
  prefijo: string,
  primero: number,
  ano: number,
  mes: number,
): DocumentoNominaElectronica[] {
  return rows.map((row, i) => {
    const consecutivo = primero + i;
    return { numero: `${prefijo}${consecutivo}`, prefijo, consecutivo, ano, mes, ...row };
  });
}

/**
 * Builds the month's support documents and numbers them. Reading the documents and taking the
 * block of numbers share ONE transaction: the numbers are consumed exactly when the documents
 * are returned, never skipped by a failure (the rollback gives them back), never shared by two
 * concurrent calls (the sequence row stays locked from the take to COMMIT). The documents are read
 * before the take so the lock is held only for the last statement and the commit. A month without
 * payslips takes nothing and creates no sequence row.
 */
@CommandHandler(GenerarNominaElectronicaCommand)
export class GenerarNominaElectronicaHandler implements ICommandHandler<GenerarNominaElectronicaCommand, DocumentoNominaElectronica[]> {
  private readonly logger = new Logger('NominaElectronica');

  constructor(private readonly sql: SqlReader) {}

  async execute({ tenantId, ano, mes }: GenerarNominaElectronicaCommand): Promise<DocumentoNominaElectronica[]> {
    const documentos = await this.sql.transaction(async (client) => {
      const { rows } = await client.query<DocumentoNominaRow>(DOCUMENTOS_NOMINA_SQL, [tenantId, ano, mes]);
      if (rows.length === 0) return [];
      const { rows: bloque } = await client.query<BloqueNumerosRow>(TOMAR_NUMEROS_SQL, [tenantId, rows.length]);
      return numerarDocumentos(rows, bloque[0].prefijo, Number(bloque[0].primero), ano, mes);
    });
    if (documentos.length > 0) {
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
