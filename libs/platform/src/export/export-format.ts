import { CSV_MEDIA_TYPE } from './csv-export';
import { ExportError, ExportErrorCode } from './export.errors';
import { XLSX_MEDIA_TYPE } from './xlsx-export';

export const EXPORT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The media type each format answers with (JSON's is the operation's own). */
export const EXPORT_MEDIA_TYPES = { csv: CSV_MEDIA_TYPE, xlsx: XLSX_MEDIA_TYPE } as const;

/** Accept media ranges that select a format; wildcards select none (JSON stays the default). */
const ACCEPT_FORMAT: Record<string, ExportFormat> = {
  'application/json': 'json',
  'text/csv': 'csv',
  [XLSX_MEDIA_TYPE]: 'xlsx',
};

/**
 * The format of a read (CONTRACT §8): `format=json|csv|xlsx` when given (anything else → 400
 * FORMATO_INVALIDO naming the accepted values); without it the Accept header's preferred type
 * among text/csv, the XLSX type and application/json (q-values honoured; an export type listed
 * with the same q as JSON wins, as the old report's CSV negotiation did); else JSON.
 */
export function resolveExportFormat(format: unknown, accept: string | undefined): ExportFormat {
  if (format !== undefined) {
    if (typeof format === 'string' && (EXPORT_FORMATS as readonly string[]).includes(format)) return format as ExportFormat;
    throw invalidFormat(format);
  }
  return acceptedFormat(accept);
}

/** Like resolveExportFormat, but undefined instead of the 400 (for callers that only label a request). */
export function tryResolveExportFormat(format: unknown, accept: string | undefined): ExportFormat | undefined {
  try {
    return resolveExportFormat(format, accept);
  } catch {
    return undefined;
  }
}

function acceptedFormat(accept: string | undefined): ExportFormat {
  if (!accept) return 'json';
  let best: ExportFormat = 'json';
  let bestQ = 0;
  let jsonQ = 0;
  for (const range of accept.split(',')) {
    const [type, ...params] = range.split(';').map((s) => s.trim().toLowerCase());
    const format = ACCEPT_FORMAT[type];
    if (format === undefined) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0 && q <= 1)) continue;
    if (format === 'json') jsonQ = Math.max(jsonQ, q);
    else if (q > bestQ) {
      best = format;
      bestQ = q;
    }
  }
  return bestQ > 0 && bestQ >= jsonQ ? best : 'json';
}

function invalidFormat(value: unknown): ExportError {
  const shown = typeof value === 'string' ? `"${value.slice(0, 40)}"` : Array.isArray(value) ? 'repetido' : String(value);
  const message = `Formato no soportado: ${shown}. Valores aceptados: ${EXPORT_FORMATS.join(', ')}.`;
  return new ExportError(ExportErrorCode.FORMATO_INVALIDO, `Parámetro inválido: format. ${message}`, [{ field: 'format', message }]);
}
