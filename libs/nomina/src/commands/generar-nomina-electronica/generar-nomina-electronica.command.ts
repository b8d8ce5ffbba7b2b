import { Command } from '@nestjs/cqrs';
import type { DocumentoNominaRow } from './generar-nomina-electronica.sql';

/** A numbered electronic payroll support document (wire names, CONTRACT §3.8). */
export interface DocumentoNominaElectronica extends DocumentoNominaRow {
  numero: string;
  prefijo: string;
  consecutivo: number;
  ano: number;
  mes: number;
}

/**
 * GET /pagos/nominaelectronica/{ano}/{mes}. A Command, not a Query, although it arrives as a GET:
 * every call consumes numbers of the tenant's support-document sequence (a write), and the
 * project's rule "every read is a Query" must not hide that. It lives beside the payroll queries
 * because the documents are read with the same SQL kit.
 */
export class GenerarNominaElectronicaCommand extends Command<NumeracionNominaElectronica> {
  constructor(
    readonly tenantId: string,
    /** 1900–2100, validated. */
    readonly ano: number,
    /** 1–12, validated. */
    readonly mes: number,
    /** The request's Idempotency-Key (validated), if any: the same key replays its block for 24 h. */
    readonly clave?: string,
    /** Aborted when the client has gone: checked last before COMMIT, so a gone client consumes nothing. */
    readonly signal?: AbortSignal,
  ) {
    super();
  }
}

/** A call's answer: its documents, and whether they are a replay of an earlier call with the same key (nothing consumed). */
export interface NumeracionNominaElectronica {
  documentos: DocumentoNominaElectronica[];
  repetida: boolean;
}
