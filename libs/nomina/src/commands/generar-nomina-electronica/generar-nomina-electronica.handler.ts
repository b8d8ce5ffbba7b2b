import { Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { bumpDataVersion, CommitOutcomeUnknown, DataVersionReader, type PgClient, SqlReader } from '@nomina-api/platform/persistence';
import { NominaError, NominaErrorCode } from '../../nomina.errors';
import { ConcurrencyLimit } from './concurrency-limit';
import {
  type DocumentoNominaElectronica,
  GenerarNominaElectronicaCommand,
  type NumeracionNominaElectronica,
} from './generar-nomina-electronica.command';
import {
  BLOQUE_POR_CLAVE_SQL,
  BLOQUEAR_CLAVE_SQL,
  type BloqueNumerosRow,
  type BloqueRegistradoRow,
  CLAVE_VIGENCIA_HORAS,
  type DocumentoNominaRow,
  DOCUMENTOS_NOMINA_SQL,
  OLVIDAR_DOCUMENTOS_SQL,
  REGISTRAR_BLOQUE_SQL,
  TOMAR_NUMEROS_SQL,
} from './generar-nomina-electronica.sql';

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

/** A tenant's expired replay documents are dropped at most this often per instance (after one of its keyed calls). */
const FORGET_EVERY_MS = 3_600_000;

/** The block a call took inside its transaction: what its answer is, once COMMIT is known to have happened. */
interface Bloque {
  documentos: DocumentoNominaElectronica[];
  xid: string;
}

/**
 * Builds the month's support documents and numbers them (CONTRACT §3.8). Reading the documents,
 * taking the block of numbers and recording the block share ONE transaction: the numbers are
 * consumed exactly when the block is recorded, never skipped by a failure (the rollback gives them
 * back), never shared by two concurrent calls (the sequence row stays locked from the take to
 * COMMIT). The documents are read before the take so the lock is held only for the last
 * statements and the commit. A month without payslips takes nothing and creates no sequence row.
 *
 * No number is lost on the way out either:
 * - a client gone before COMMIT (its connection closed) rolls back: checked last thing before it;
 * - a connection lost during COMMIT leaves its outcome unknown: it is settled on new connections
 *   (txid_status of the transaction's id) before answering — a committed block is answered 200;
 * - with an Idempotency-Key the block's documents are kept 24 h: the same key returns them again,
 *   consuming nothing, so a client that left after the COMMIT can still fetch its numbers; another
 *   call with that key while one runs gets 409 (an advisory lock on tenant + key, held by the
 *   transaction), the key for another ano/mes 422.
 *
 * At most NUMBERING_IN_FLIGHT numberings run at once in the process; further calls wait here,
 * before they take a pool connection. Calls of one tenant queue on the sequence row anyway, each
 * holding its month's documents (≈ 4 400 on the large dataset, ≈ 2 MB of rows) while it waits:
 * 20 concurrent callers drove the process to 330-360 MB RSS, and callers beyond the pool size got
 * 503 after the pool's acquire timeout. Two in flight keep one reading while the other takes its
 * block and commits.
 */
@CommandHandler(GenerarNominaElectronicaCommand)
export class GenerarNominaElectronicaHandler implements ICommandHandler<GenerarNominaElectronicaCommand, NumeracionNominaElectronica> {
  private readonly logger = new Logger('NominaElectronica');
  private readonly inFlight = new ConcurrencyLimit(NUMBERING_IN_FLIGHT);
  /** When each tenant's expired replay documents were last dropped by this instance. */
  private readonly forgotten = new Map<string, number>();

  constructor(
    private readonly sql: SqlReader,
    private readonly versions: DataVersionReader,
  ) {}

  async execute(command: GenerarNominaElectronicaCommand): Promise<NumeracionNominaElectronica> {
    const result = await this.inFlight.run(() => this.numerar(command));
    if (command.clave) this.forgetExpired(command.tenantId);
    return result;
  }

  private async numerar({ tenantId, ano, mes, clave, signal }: GenerarNominaElectronicaCommand): Promise<NumeracionNominaElectronica> {
    // Gone while waiting for its turn: nothing to do.
    if (signal?.aborted) throw clienteDesconectado();
    let tomado: Bloque | undefined;
    let result: NumeracionNominaElectronica;
    try {
      result = await this.sql.transaction(
        async (client) => {
          const previo = clave ? await this.bloqueDeLaClave(client, tenantId, clave, ano, mes) : undefined;
          if (previo) return { documentos: previo, repetida: true };
          const { rows } = await client.query<DocumentoNominaRow>(DOCUMENTOS_NOMINA_SQL, [tenantId, ano, mes]);
          if (rows.length === 0) return { documentos: [], repetida: false };
          const { rows: bloque } = await client.query<BloqueNumerosRow>(TOMAR_NUMEROS_SQL, [tenantId, rows.length]);
          const { prefijo, primero, xid } = bloque[0];
          await client.query(REGISTRAR_BLOQUE_SQL, [
            tenantId,
            prefijo,
            primero,
            rows.length,
            ano,
            mes,
            clave ?? null,
            clave ? JSON.stringify(rows) : null,
          ]);
          // The tenant's data changed (CONTRACT §9): new ETags from this commit on. After the take,
          // as the import does it last: both lock the sequence row before the version row.
          await bumpDataVersion(client, tenantId);
          tomado = { documentos: numerarDocumentos(rows, prefijo, Number(primero), ano, mes), xid };
          return { documentos: tomado.documentos, repetida: false };
        },
        {
          // The last moment a gone client can still be given its numbers back.
          beforeCommit: () => {
            if (signal?.aborted && tomado) throw clienteDesconectado();
          },
        },
      );
    } catch (err) {
      if (err instanceof NominaError && err.code === NominaErrorCode.CLIENTE_DESCONECTADO && tomado) {
        this.logger.log(
          `Numeración de nómina electrónica descartada (el cliente se desconectó antes de confirmar): tenant=${tenantId} ano=${ano} mes=${mes} documentos=${tomado.documentos.length}`,
        );
      }
      if (!(err instanceof CommitOutcomeUnknown) || !tomado) throw err;
      result = { documentos: await this.settle(tomado, err, { tenantId, ano, mes, clave }), repetida: false };
    }
    if (!result.repetida && result.documentos.length > 0) {
      this.versions.invalidate(tenantId);
      this.logConsumed(tenantId, ano, mes, result.documentos, clave);
    }
    return result;
  }

  /**
   * With a key: 409 while another call holds it; its recorded block (the documents numbered again
   * from the stored rows) when it numbered this ano/mes within 24 h; 422 for another period.
   */
  private async bloqueDeLaClave(
    client: PgClient,
    tenantId: string,
    clave: string,
    ano: number,
    mes: number,
  ): Promise<DocumentoNominaElectronica[] | undefined> {
    const { rows: lock } = await client.query<{ libre: boolean }>(BLOQUEAR_CLAVE_SQL, [tenantId, clave]);
    if (!lock[0].libre) {
      throw new NominaError(
        NominaErrorCode.CLAVE_EN_CURSO,
        'Otra llamada con el mismo Idempotency-Key está en curso. Espere su respuesta, o repita esta llamada en unos segundos: recibirá los mismos documentos y números.',
        undefined,
        { 'retry-after': '1' },
      );
    }
    const { rows } = await client.query<BloqueRegistradoRow>(BLOQUE_POR_CLAVE_SQL, [tenantId, clave]);
    const previo = rows[0];
    if (!previo) return undefined;
    if (previo.ano !== ano || previo.mes !== mes) {
      throw new NominaError(
        NominaErrorCode.CLAVE_REUTILIZADA,
        `El Idempotency-Key ya se usó en las últimas ${CLAVE_VIGENCIA_HORAS} h para el periodo ${previo.ano}/${previo.mes}, no para ${ano}/${mes}. Use una clave nueva para cada periodo.`,
      );
    }
    return numerarDocumentos(JSON.parse(previo.documentos) as DocumentoNominaRow[], previo.prefijo, Number(previo.primero), ano, mes);
  }

  /** A COMMIT whose answer was lost: its block if PostgreSQL says it committed; otherwise an error (nothing consumed, or unknown). */
  private async settle(
    tomado: Bloque,
    lost: CommitOutcomeUnknown,
    call: { tenantId: string; ano: number; mes: number; clave?: string },
  ): Promise<DocumentoNominaElectronica[]> {
    const outcome = await this.sql.commitOutcome(tomado.xid);
    if (outcome === 'committed') return tomado.documentos;
    const first = tomado.documentos[0];
    const last = tomado.documentos[tomado.documentos.length - 1];
    if (outcome === 'aborted') throw lost.cause;
    this.logger.error(
      `Numeración de nómina electrónica incierta: se perdió la conexión durante COMMIT y no se pudo confirmar: tenant=${call.tenantId} ` +
        `ano=${call.ano} mes=${call.mes} documentos=${tomado.documentos.length} primero=${first.numero} ultimo=${last.numero} xid=${tomado.xid}` +
        (call.clave ? ` clave=${call.clave}` : ''),
    );
    throw new NominaError(
      NominaErrorCode.NUMERACION_INCIERTA,
      'Se perdió la conexión con la base de datos al confirmar la numeración y no se pudo comprobar si quedó registrada. ' +
        'Repita la llamada con el mismo Idempotency-Key: si quedó registrada recibirá los mismos documentos y números, sin consumir otros.',
      undefined,
      { 'retry-after': '5' },
    );
  }

  private logConsumed(tenantId: string, ano: number, mes: number, documentos: DocumentoNominaElectronica[], clave?: string): void {
    const first = documentos[0];
    const last = documentos[documentos.length - 1];
    // Logged once COMMIT is known to have happened: the log lists exactly the numbers consumed.
    this.logger.log(
      `Numeración de nómina electrónica consumida: tenant=${tenantId} ano=${ano} mes=${mes} ` +
        `documentos=${documentos.length} primero=${first.numero} ultimo=${last.numero}` +
        (clave ? ` clave=${clave}` : ''),
    );
  }

  /** Drops the tenant's replay documents past their 24 h, now and then (the records of the blocks stay). */
  private forgetExpired(tenantId: string): void {
    const now = Date.now();
    if (now - (this.forgotten.get(tenantId) ?? 0) < FORGET_EVERY_MS) return;
    this.forgotten.set(tenantId, now);
    void this.sql
      .transaction((client) => client.query(OLVIDAR_DOCUMENTOS_SQL, [tenantId]))
      .catch((err: Error) => this.logger.warn(`No se pudieron borrar los documentos vencidos de la numeración: ${err.message}`));
  }
}

function clienteDesconectado(): NominaError {
  return new NominaError(
    NominaErrorCode.CLIENTE_DESCONECTADO,
    'El cliente se desconectó antes de confirmar la numeración: no se consumió ningún número.',
  );
}
