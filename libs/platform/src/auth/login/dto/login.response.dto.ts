import { ApiProperty } from '@nestjs/swagger';

export class LoginBusinessDto {
  @ApiProperty({ example: '3A2B51CDBA4B4DC88437D3CFA4B48F6F' })
  _id!: string;

  @ApiProperty({ example: 'Sede Norte' })
  name!: string;

  @ApiProperty({ example: true, description: 'Tiene una suscripción PREMIUM vigente ahora.' })
  premium!: boolean;
}

export class LoginResponseDto {
  @ApiProperty({ description: 'JWT para Authorization: Bearer <tokenCurrent>.', example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...' })
  tokenCurrent!: string;

  @ApiProperty({ example: 'D1999F3715C44B46B9A9406B67F936C5' })
  _id!: string;

  @ApiProperty({ example: '3A2B51CDBA4B4DC88437D3CFA4B48F6F', description: 'Negocio al que quedó ligado el token.' })
  business!: string;

  @ApiProperty({ example: 'Ana' })
  name!: string;

  @ApiProperty({ example: 'Gómez Pérez' })
  lastName!: string;

  @ApiProperty({ example: 'ana.gomez@andina.example.co' })
  email!: string;

  @ApiProperty({ example: 'ADMIN' })
  role!: string;

  @ApiProperty({ example: true })
  isActive!: boolean;

  @ApiProperty({ type: [LoginBusinessDto] })
  businesses!: LoginBusinessDto[];
}
