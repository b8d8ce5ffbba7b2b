import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiProblem } from '../../http/api-problem.decorator';
import { LoginResponseDto } from './dto/login.response.dto';

/** OpenAPI of POST /login. */
export function ApiLogin(): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: 'Iniciar sesión',
      description:
        'Devuelve `tokenCurrent`, el JWT para `Authorization: Bearer <token>` en todas las operaciones. ' +
        'El token queda ligado a un negocio: el indicado en `business` o el primero del usuario.',
    }),
    ApiOkResponse({ type: LoginResponseDto }),
    ApiProblem(400, 'Cuerpo inválido: falta email o password, o business no es un uuid.'),
    ApiProblem(401, 'Correo o contraseña incorrectos; usuario inactivo; o tenant inactivo.', {
      title: 'No autorizado',
      code: 'INVALID_CREDENTIALS',
      detail: 'Correo o contraseña incorrectos.',
    }),
    ApiProblem(403, 'El negocio pedido en business no es del usuario.'),
    ApiProblem(
      429,
      'Demasiados intentos: fallidos para ese correo, o en total desde esa dirección IP (LOGIN_RATE_LIMIT por LOGIN_RATE_WINDOW_S). Encabezado Retry-After en segundos.',
      {
        title: 'Demasiadas solicitudes',
        code: 'TOO_MANY_REQUESTS',
        detail: 'Demasiados intentos de inicio de sesión. Espere 120 s antes de intentar de nuevo.',
      },
    ),
  );
}
