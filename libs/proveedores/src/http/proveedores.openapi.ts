import { applyDecorators } from '@nestjs/common';
import { ApiExportResponse } from '@nomina-api/platform/export';
import { ApiOkResponse, ApiOperation, ApiParam, ApiProduces, type HeadersObject } from '@nestjs/swagger';
import { ApiProblem, ApiValidationProblem } from '@nomina-api/platform/http';
import { ProveedoresErrorCode } from '../proveedores.errors';
import { ProveedorResponseDto } from './dto/proveedor.response.dto';
import { IDENTIFICACION_MESSAGE } from './parse-identificacion.pipe';
import { LIMITE_MAXIMO, PAGINA_MESSAGE, TODAS, X_PAGINA, X_TAMANO_PAGINA, X_TOTAL_REGISTROS } from './paging';

interface HeaderDoc {
  description: string;
  example: string;
}

function headersDoc(pagina: HeaderDoc, tamano: HeaderDoc, total: HeaderDoc): HeadersObject {
  const doc = ({ description, example }: HeaderDoc) => ({ description, example, schema: { type: 'string', example } });
  return { [X_PAGINA]: doc(pagina), [X_TAMANO_PAGINA]: doc(tamano), [X_TOTAL_REGISTROS]: doc(total) };
}

const LIST_HEADERS = headersDoc(
  {
    description: `Página usada (0 es la primera), o \`${TODAS}\` cuando la lista no se paginó (sin \`pagina\` ni \`limite\`).`,
    example: '0',
  },
  { description: `Tamaño de página usado (el \`limite\` válido, o 50), o \`${TODAS}\` cuando la lista no se paginó.`, example: '50' },
  { description: 'Total de registros (establecimientos) de la lista completa, no solo de la página.', example: '137' },
);

const FIND_HEADERS = headersDoc(
  { description: `Siempre \`${TODAS}\`: esta consulta no se pagina.`, example: TODAS },
  { description: `Siempre \`${TODAS}\`: esta consulta no se pagina.`, example: TODAS },
  { description: 'Número de registros (establecimientos) devueltos.', example: '3' },
);

/** Both operations: the database may be down, or the complete list may break off mid-stream. */
export function ApiProveedoresUnavailable(): ClassDecorator {
  return ApiProblem(
    503,
    'Base de datos no disponible, o consulta cancelada por tiempo; reintente. Si la lista completa ya se estaba enviando, ' +
      'la conexión se corta sin cerrar el arreglo JSON (nunca se entrega una lista incompleta como si fuera completa).',
    {
      title: 'Servicio no disponible',
      code: 'SERVICE_UNAVAILABLE',
      detail: 'La base de datos no está disponible en este momento. Intente de nuevo en unos segundos.',
      instance: '/proveedor',
    },
  );
}

/** OpenAPI of GET /proveedor. */
export function ApiListProveedores(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Listar los proveedores de la empresa',
      description:
        'Un registro por establecimiento: todos los de las tablas definitivas y, de las tablas de entrada, los de ' +
        'identificaciones sin registro definitivo. Orden: `identificacion` y luego `establecimiento.codigo`, ambos como texto ' +
        'por bytes (no como números: "1000" va antes de "79").\n\n' +
        `Se pagina solo si llega \`pagina\` o \`limite\` (tamaño por defecto 50, máximo ${LIMITE_MAXIMO}). Sin ninguno de los dos ` +
        `se devuelve la lista completa, transmitida por partes, y los encabezados de paginación dicen \`${TODAS}\`.`,
    }),
    ApiExportResponse({
      model: [ProveedorResponseDto],
      headers: LIST_HEADERS,
      description:
        'Registros de la página, o todos. Con `format=csv|xlsx` (o Accept): archivo `proveedor-<fecha>` con los mismos registros (establecimiento con puntos).',
    }),
    ApiValidationProblem('`pagina` no es un entero mayor o igual a 0.', 'pagina', PAGINA_MESSAGE, '/proveedor'),
  );
}

/** OpenAPI of GET /proveedor/{identificacion}. */
export function ApiFindProveedor(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Consultar un proveedor por identificación',
      description:
        'Todos los establecimientos del proveedor, ordenados por código (por bytes). Se buscan primero en las tablas ' +
        'definitivas; solo si allí no tiene ninguno, en las de entrada. No se pagina: `pagina` y `limite` se ignoran.\n\n' +
        'La identificación se compara sin puntos, espacios ni dígito de verificación final, y sin distinguir mayúsculas: ' +
        '`900.123.456-7`, ` 900 123 456 ` y `900123456` son el mismo proveedor.',
    }),
    ApiParam({
      name: 'identificacion',
      description:
        'Número de identificación del proveedor. Se quitan puntos, espacios y un `-N` final (dígito de verificación, no se ' +
        'verifica); lo que queda debe tener de 1 a 20 letras o dígitos.',
      example: '900.123.456-7',
    }),
    ApiProduces('application/json'),
    ApiOkResponse({ description: 'Establecimientos del proveedor.', type: [ProveedorResponseDto], headers: FIND_HEADERS }),
    ApiValidationProblem(
      'La identificación, normalizada, queda vacía, supera 20 caracteres o tiene caracteres que no son letras ni dígitos.',
      'identificacion',
      IDENTIFICACION_MESSAGE,
      '/proveedor/900_123',
    ),
    ApiProblem(404, 'El proveedor no está en las tablas definitivas ni en las de entrada de la empresa.', {
      title: 'No encontrado',
      code: ProveedoresErrorCode.PROVEEDOR_NO_ENCONTRADO,
      detail:
        'No existe un proveedor con identificación 900123456 en su empresa, ni en las tablas definitivas ni en las de entrada. ' +
        'Verifique el número (sin dígito de verificación) o consulte GET /proveedor para ver la lista.',
      instance: '/proveedor/900.123.456-7',
    }),
  );
}
