import { applyDecorators } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { DEFAULT_SIZE, type ListSpec, MAX_FILTER_LENGTH, MAX_OFFSET, MAX_SIZE } from '../queries/listing';

/**
 * OpenAPI description of the list parameters of CONTRACT §3.2 (offset, size, page, filter,
 * sort), with their Swagger UI examples: the one place each is described. `filterOn` says what
 * the filter matches in this list. `wholeWhenUnpaged`: a list that answers every element when the
 * request gives neither offset nor size (the bond lists).
 */
export function ApiListQuery(spec: ListSpec, filterOn: string, { wholeWhenUnpaged = false } = {}): MethodDecorator {
  const defaultOrder = spec.defaultSort.map((k) => `${k.field},${k.direction}`).join(' → ');
  const unpaged = wholeWhenUnpaged ? ' Sin offset ni size la respuesta trae la lista completa.' : '';
  return applyDecorators(
    ApiQuery({
      name: 'offset',
      required: false,
      schema: { type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0, example: 0 },
      description: 'Registro inicial de la página (0 = el primero). Segunda página de 20: offset=20&size=20.' + unpaged,
    }),
    ApiQuery({
      name: 'size',
      required: false,
      schema: wholeWhenUnpaged
        ? { type: 'integer', minimum: 0, maximum: MAX_SIZE, example: DEFAULT_SIZE }
        : { type: 'integer', minimum: 0, maximum: MAX_SIZE, default: DEFAULT_SIZE, example: DEFAULT_SIZE },
      description:
        `Máximo de registros devueltos (0 a ${MAX_SIZE}). size=0 devuelve solo \`total\`.` +
        (wholeWhenUnpaged ? ` Con offset y sin size, ${DEFAULT_SIZE}.` + unpaged : ''),
    }),
    ApiQuery({
      name: 'page',
      required: false,
      schema: { type: 'integer', example: 0 },
      description: 'Aceptado por compatibilidad y **ignorado** (use offset).',
    }),
    ApiQuery({
      name: 'filter',
      required: false,
      schema: { type: 'string', maxLength: MAX_FILTER_LENGTH },
      description:
        `Texto libre (máx. ${MAX_FILTER_LENGTH} caracteres), sin distinguir mayúsculas ni tildes ("perez" encuentra "Pérez"); ` +
        `\`%\` y \`_\` son caracteres literales. Vacío = sin filtro. Busca en: ${filterOn}.`,
      // Swagger UI would prefill and send an `example`, so a try-out would silently return less: the
      // first (preselected) entry is empty, which Swagger UI does not send.
      examples: {
        ninguno: { summary: 'Sin filtro (no se envía)', value: '' },
        ejemplo: { summary: 'Filtra por texto (sin tildes ni mayúsculas)', value: 'perez' },
      },
    }),
    ApiQuery({
      name: 'sort',
      required: false,
      schema: {
        type: 'array',
        items: { type: 'string', pattern: `^(${spec.sortable.join('|')})(,(asc|desc|ASC|DESC))?$` },
        example: [`${spec.defaultSort[0].field},${spec.defaultSort[0].direction}`],
      },
      style: 'form',
      explode: true,
      description:
        `Orden \`<campo>,asc\` o \`<campo>,desc\` (dirección opcional, asc por defecto); repetible: ` +
        `\`sort=${spec.sortable[0]},desc&sort=${spec.sortable[1] ?? spec.sortable[0]},asc\`. Reemplaza el orden por defecto ` +
        `(${defaultOrder}); el uuid del elemento cierra siempre el orden. Campos: ${spec.sortable.join(', ')}.`,
    }),
  );
}
