import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblem } from '../../http/api-problem.decorator';
import { normalizeUuid } from '../../http/uuid';
import { Public } from '../public.decorator';
import { LoginRequestDto } from './dto/login.request.dto';
import { LoginResponseDto } from './dto/login.response.dto';
import { LoginCommand } from './login.command';

@ApiTags('Autenticación')
@Controller()
export class LoginController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post('login')
  @Public()
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
  async login(@Body() body: LoginRequestDto): Promise<LoginResponseDto> {
    return this.commandBus.execute(new LoginCommand(body.email, body.password, normalizeUuid(body.business)));
  }
}
