import { ApiProperty } from '@nestjs/swagger';
import type { EstablecimientoRecord, ProveedorRecord, Ubicacion } from '../../queries/proveedor-record';

export class EstablecimientoResponseDto implements EstablecimientoRecord {
  @ApiProperty({ example: '001', description: 'Código del establecimiento; el orden es por bytes ("001" < "010" < "A01").' })
  codigo!: string;

  @ApiProperty({ example: 'Principal' })
  nombre!: string;

  @ApiProperty({ example: 'Cra 1 # 2-3', nullable: true, type: String })
  direccion!: string | null;

  @ApiProperty({ example: 'Bogotá', nullable: true, type: String })
  ciudad!: string | null;

  @ApiProperty({ example: '6011234567', nullable: true, type: String })
  telefono!: string | null;

  @ApiProperty({ example: 'a@b.co', nullable: true, type: String })
  email!: string | null;
}

/** One record per establishment of a supplier (CONTRACT §5). */
export class ProveedorResponseDto implements ProveedorRecord {
  @ApiProperty({ example: '900123456', description: 'Normalizada: sin puntos, espacios ni dígito de verificación; mayúsculas.' })
  identificacion!: string;

  @ApiProperty({ example: '7', nullable: true, type: String })
  digitoVerificacion!: string | null;

  @ApiProperty({ example: 'NIT', enum: ['NIT', 'CC', 'CE', 'PA', 'TI', 'NIT_EXTRANJERO'] })
  tipoIdentificacion!: string;

  @ApiProperty({ example: 'Distribuidora S.A.S.' })
  razonSocial!: string;

  @ApiProperty({ example: 'Distri', nullable: true, type: String })
  nombreComercial!: string | null;

  @ApiProperty({ type: EstablecimientoResponseDto })
  establecimiento!: EstablecimientoResponseDto;

  @ApiProperty({
    example: 'DEFINITIVA',
    enum: ['DEFINITIVA', 'ENTRADA'],
    description: 'Dónde se encontró: tablas definitivas (DEFINITIVA) o de entrada, pendientes de confirmar (ENTRADA).',
  })
  ubicacion!: Ubicacion;
}
