import { applyDecorators } from '@nestjs/common';
import { ApiProduces, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { MediaTypeObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { EXPORT_FORMATS } from './export-format';
import { XLSX_MEDIA_TYPE } from './xlsx-export';

export interface ApiExportOptions {
  /** What the 200 holds (say the file name too). */
  description: string;
  /** The JSON media type object (schema, examples) of the operation. */
  json: MediaTypeObject;
  /** One CSV body, BOM and CRLFs included. */
  csvExample?: string;
}

/**
 * OpenAPI of a read that exports (CONTRACT §8) and revalidates (§9): the `format` parameter as an
 * enum, and the 200 with one entry per media type — JSON with its schema, CSV as text, XLSX as
 * binary — so a typed client gets a type per media type, never one union; plus the headers every
 * 200 carries.
 */
export function ApiExportResponse(options: ApiExportOptions): MethodDecorator {
  return applyDecorators(
    ApiQuery({
      name: 'format',
      required: false,
      enum: EXPORT_FORMATS,
      description:
        'Formato de la respuesta (por defecto json). csv: UTF-8 con BOM, separador `,`, CRLF. xlsx: libro de Excel. ' +
        'Sin `format`, `Accept: text/csv` o `Accept: ' + XLSX_MEDIA_TYPE + '` eligen la exportación. Otro valor → 400 FORMATO_INVALIDO.',
    }),
    ApiProduces('application/json', 'text/csv', XLSX_MEDIA_TYPE),
    ApiResponse({
      status: 200,
      description: options.description,
      headers: {
        ETag: { description: 'Etiqueta fuerte de esta representación; envíela en If-None-Match para revalidar (304).', schema: { type: 'string' } },
        'Cache-Control': { description: 'private, no-cache', schema: { type: 'string' } },
        'Content-Disposition': { description: 'Solo en csv y xlsx: attachment; filename="<recurso>-<fechas>.<csv|xlsx>"', schema: { type: 'string' } },
      },
      content: {
        'application/json': options.json,
        'text/csv': { schema: { type: 'string' }, ...(options.csvExample ? { example: options.csvExample } : {}) },
        [XLSX_MEDIA_TYPE]: { schema: { type: 'string', format: 'binary' } },
      },
    }),
  );
}
