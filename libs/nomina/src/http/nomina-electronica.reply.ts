import type { GenerarNominaElectronicaCommand } from '../commands/generar-nomina-electronica/generar-nomina-electronica.command';
import type { NumeracionNominaElectronica } from '../commands/generar-nomina-electronica/generar-nomina-electronica.command';
import type { ReplySpec } from '@nomina-api/platform/export';
import { writeNominaElectronica } from './dto/nomina-electronica.response.dto';
import { LEGACY_JSON_CONTENT_TYPE, legacyJsonStream } from './nomina.reply';

const NO_STORE = { 'cache-control': 'no-store' };
const REPLAYED = { ...NO_STORE, 'idempotency-replayed': 'true' };

/**
 * GET /pagos/nominaelectronica/{ano}/{mes}: a one-off write result that no cache may keep or
 * replay, written after COMMIT chunk by chunk as the client reads (20 concurrent months held as
 * whole strings peaked at 352 MB RSS). JSON only.
 */
export const NOMINA_ELECTRONICA_REPLY: ReplySpec<GenerarNominaElectronicaCommand, NumeracionNominaElectronica> = {
  // A replay of an earlier call with the same Idempotency-Key says so (CONTRACT §3.8).
  headers: ({ repetida }) => (repetida ? REPLAYED : NO_STORE),
  jsonType: LEGACY_JSON_CONTENT_TYPE,
  json: ({ documentos }) => legacyJsonStream(writeNominaElectronica(documentos, documentos.length)),
};
