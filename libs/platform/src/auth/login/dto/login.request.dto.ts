import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class LoginRequestDto {
  @ApiProperty({ example: 'ana.gomez@andina.example.co', description: 'Se compara sin distinguir mayúsculas.' })
  @IsString({ message: 'Debe ser un texto con el correo del usuario.' })
  @IsNotEmpty({ message: 'Es obligatorio: el correo del usuario.' })
  @MaxLength(254, { message: 'Debe tener como máximo 254 caracteres.' })
  email!: string;

  @ApiProperty({ example: 'a9jJ8y8Tcb#12', format: 'password' })
  @IsString({ message: 'Debe ser un texto con la contraseña.' })
  @IsNotEmpty({ message: 'Es obligatoria: la contraseña.' })
  @MaxLength(200, { message: 'Debe tener como máximo 200 caracteres.' })
  password!: string;

  @ApiPropertyOptional({
    example: '3A2B51CDBA4B4DC88437D3CFA4B48F6F',
    description: 'Uuid de uno de los negocios del usuario al que queda ligado el token. Ausente: el primero del usuario.',
  })
  @IsOptional()
  @IsString({ message: 'Debe ser el uuid de uno de sus negocios.' })
  @Matches(/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i, {
    message: 'Debe ser un uuid: 32 caracteres hexadecimales, con o sin guiones.',
  })
  business?: string;
}
