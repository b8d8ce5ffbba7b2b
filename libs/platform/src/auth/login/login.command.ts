import { Command } from '@nestjs/cqrs';
import type { LoginResponseDto } from './dto/login.response.dto';

export class LoginCommand extends Command<LoginResponseDto> {
  constructor(
    readonly email: string,
    readonly password: string,
    /** Canonical uuid of the requested business, if any. */
    readonly business?: string,
  ) {
    super();
  }
}
