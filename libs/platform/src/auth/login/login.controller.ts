import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { normalizeUuid } from '../../http/uuid';
import { ValidDto } from '../../http/validation.pipe';
import { Public } from '../public.decorator';
import { LoginRequestDto } from './dto/login.request.dto';
import { LoginResponseDto } from './dto/login.response.dto';
import { LoginCommand } from './login.command';
import { LoginRateLimiter } from './login-rate-limiter';
import { ApiLogin } from './login.openapi';

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
  @ApiLogin()
  async login(@Body(ValidDto) body: LoginRequestDto, @Ip() ip: string): Promise<LoginResponseDto> {
    return this.limiter.attempt(body.email, ip, () =>
      this.commandBus.execute(new LoginCommand(body.email, body.password, normalizeUuid(body.business))),
    );
  }
}
