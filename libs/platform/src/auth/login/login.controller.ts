import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DomainError, PlatformErrorCode } from '../../errors/domain-error';
import { ApiProblem } from '../../http/api-problem.decorator';
import { normalizeUuid } from '../../http/uuid';
import { Public } from '../public.decorator';
import { LoginRequestDto } from './dto/login.request.dto';
import { LoginResponseDto } from './dto/login.response.dto';
import { LoginCommand } from './login.command';
import { LoginRateLimiter } from './login-rate-limiter';

@ApiTags('Autenticación')
@Controller()
@Public()
export class LoginController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly limiter: LoginRateLimiter,
  ) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Iniciar sesión',
    description:
      'Devuelve `tokenCurrent`, el JWT para `Authorization: Bearer <token>` en todas las operaciones. ' +
      'El token queda ligado a un negocio: el indicado en `business` o el primero del usuario.',
  })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiProblem(400, 'Cuerpo inválido: falta email o password, o business no es un uuid.')
  @ApiProblem(401, 'Correo o contraseña incorrectos; usuario inactivo; o tenant inactivo.', {
    title: 'No autorizado', code: 'INVALID_CREDENTIALS', detail: 'Correo o contraseña incorrectos.',
  })
  @ApiProblem(403, 'El negocio pedido en business no es del usuario.')
  @ApiProblem(429, 'Demasiados intentos: fallidos para ese correo, o en total desde esa dirección IP (LOGIN_RATE_LIMIT por LOGIN_RATE_WINDOW_S). Encabezado Retry-After en segundos.', {
    title: 'Demasiadas solicitudes', code: 'TOO_MANY_REQUESTS', detail: 'Demasiados intentos de inicio de sesión. Espere 120 s antes de intentar de nuevo.',
  })
  async login(@Body() body: LoginRequestDto, @Ip() ip: string): Promise<LoginResponseDto> {
    const reservation = await this.limiter.admit(body.email, ip);
    try {
      const response = await this.commandBus.execute(new LoginCommand(body.email, body.password, normalizeUuid(body.business)));
      await reservation.settle('succeeded');
      return response;
    } catch (err) {
      await reservation.settle(err instanceof DomainError && err.code === PlatformErrorCode.INVALID_CREDENTIALS ? 'failed' : 'other');
      throw err;
    }
  }
}
