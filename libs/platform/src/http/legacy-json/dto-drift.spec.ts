import { ApiProperty } from '@nestjs/swagger';
import { documentedProperties, legacySchemaDrift } from './dto-drift';
import { legacySchema } from './legacy-json';

class LineaDto {
  @ApiProperty({ example: 'A' })
  codigo!: string;

  @ApiProperty({ type: 'number', format: 'double', nullable: true })
  valor!: number | null;
}

class ItemDto {
  @ApiProperty({ type: 'integer' })
  ano!: number;

  @ApiProperty({ enum: ['PG', 'AN'] })
  estado!: string;

  @ApiProperty()
  definitivo!: boolean;

  @ApiProperty({ type: () => LineaDto, nullable: true })
  linea!: LineaDto | null;

  @ApiProperty({ type: () => [LineaDto] })
  lineas!: LineaDto[];
}

const SCHEMA = legacySchema({
  ano: 'int',
  estado: 'string',
  definitivo: 'bool',
  linea: { nullable: { codigo: 'string', valor: 'double?' } },
  lineas: { arrayOf: { codigo: 'string', valor: 'double?' } },
});

describe('legacySchemaDrift', () => {
  it('lists the documented properties in declaration order', () => {
    expect(documentedProperties(ItemDto).map((p) => p.name)).toEqual(['ano', 'estado', 'definitivo', 'linea', 'lineas']);
  });

  it('finds nothing when the DTO documents what the schema writes (nested, nullable, arrays, enums)', () => {
    expect(legacySchemaDrift(ItemDto, SCHEMA)).toEqual([]);
  });

  it('reports a missing, an extra and a reordered field', () => {
    const { definitivo: _definitivo, ...rest } = SCHEMA;
    expect(legacySchemaDrift(ItemDto, { ...rest, nuevo: 'string' })).toEqual([
      'ItemDto: the DTO documents [ano, estado, definitivo, linea, lineas] but the writer writes [ano, estado, linea, lineas, nuevo]',
    ]);
    const { ano, estado, ...tail } = SCHEMA;
    expect(legacySchemaDrift(ItemDto, { estado, ano, ...tail })).toHaveLength(1);
  });

  it('reports nullability, type and array differences, nested ones with their path', () => {
    expect(
      legacySchemaDrift(ItemDto, {
        ...SCHEMA,
        ano: 'double?',
        definitivo: 'string',
        linea: { nullable: { codigo: 'string', valor: 'double' } },
        lineas: { codigo: 'string', valor: 'double?' },
      }),
    ).toEqual([
      'ItemDto.ano: nullable is false in the DTO, true in the writer',
      'ItemDto.ano: documented as integer, written as double',
      'ItemDto.definitivo: documented as boolean, written as string',
      'ItemDto.linea.valor: nullable is true in the DTO, false in the writer',
      'ItemDto.lineas: the DTO documents an array, the writer writes a single value',
    ]);
  });
});
