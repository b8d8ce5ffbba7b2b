import { applyDecorators, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiProduces, ApiQuery, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import type { HeadersObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { EXPORT_FORMATS } from './export-format';
import { XLSX_MEDIA_TYPE } from './xlsx-export';

/** The `format` query parameter of every read that exports (its one description, also for a request DTO's `format`). */
export const EXPORT_FORMAT_DESCRIPTION =
  'Formato de la respuesta: `json` (por defecto), `csv` (UTF-8 con BOM, separador `,`, CRLF) o `xlsx` (libro de Excel). ' +
  'El archivo trae las filas del JSON, en su orden, una columna por campo (un objeto anidado, una columna por cada campo suyo: `objeto.campo`), montos como decimales simples. ' +
  'Sin `format`, `Accept: text/csv` o `Accept: ' +
  XLSX_MEDIA_TYPE +
  '` eligen el archivo. Otro valor → 400 FORMATO_INVALIDO.';

export interface ApiExportOptions {
  /** What the 200 holds. */
  description: string;
  /** The JSON body's model; `[Model]` for a JSON array of it. */
  model: Type<unknown> | [Type<unknown>];
  /** The JSON media type as the operation declares it (default application/json). */
  jsonMediaType?: string;
  /** Headers of the 200 besides ETag, Cache-Control and Content-Disposition. */
  headers?: HeadersObject;
}

/** The headers every 200 of a read that exports carries; `fileName` is the attachment's name without its extension. */
export function exportResponseHeaders(fileName: string): HeadersObject {
  return {
    ETag: {
      description: 'Etiqueta fuerte de esta representación; envíela en If-None-Match para revalidar (304).',
      schema: { type: 'string' },
    },
    'Cache-Control': { description: 'private, no-cache', schema: { type: 'string' } },
    'Content-Disposition': {
      description: `Solo en csv y xlsx: attachment; filename="${fileName}.<csv|xlsx>"`,
      schema: { type: 'string' },
    },
  };
}

/**
 * OpenAPI of a read that exports (CONTRACT §8) and revalidates (§9): the `format` parameter as an
 * enum, and the 200 with one entry per media type — JSON with its schema, CSV as text, XLSX as
 * binary — so a typed client gets a type per media type, never one union; plus the headers every
 * 200 carries.
 */
export function ApiExportResponse(options: ApiExportOptions): MethodDecorator {
  const model = Array.isArray(options.model) ? options.model[0] : options.model;
  const ref = { $ref: getSchemaPath(model) };
  return applyDecorators(
    ApiExtraModels(model),
    ApiQuery({
      name: 'format',
      required: false,
      // The enum alone: Swagger UI shows one selector whose preselected `--` sends nothing (JSON).
      // `examples` as well would add a second selector under it.
      enum: EXPORT_FORMATS,
      description: EXPORT_FORMAT_DESCRIPTION,
    }),
    ApiProduces(options.jsonMediaType ?? 'application/json', 'text/csv', XLSX_MEDIA_TYPE),
    ApiResponse({
      status: 200,
      description: options.description,
      headers: { ...options.headers, ...exportResponseHeaders('<recurso>-<identificador o fechas>') },
      content: {
        [options.jsonMediaType ?? 'application/json']: { schema: Array.isArray(options.model) ? { type: 'array', items: ref } : ref },
        'text/csv': { schema: { type: 'string' } },
        [XLSX_MEDIA_TYPE]: { schema: { type: 'string', format: 'binary' } },
      },
    }),
  );
}
