import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import { envelopeWriter, type ExpectTrue, legacySchema, type WireFieldsMatch, type WireViewMatch } from '@nomina-api/platform/http';
import type { DetallePagoRow } from '../../queries/list-detalle-pago/list-detalle-pago.sql';
import type { PagoEmpleadoDetalleRow } from '../../queries/list-pago-empleado-detalles/list-pago-empleado-detalles.sql';
import { javaDouble, LegacyEnvelopeDto, UUID_WIRE } from './envelope.response.dto';
import { CONCEPTO_DE_LINEA_WIRE, ConceptoDeLineaDto, ConceptoSuma } from './field-groups.response.dto';

/** Wire format of a payslip line (CONTRACT §3.5). */
export const PAGO_EMPLEADO_DETALLE_SCHEMA = legacySchema({
  uuid: 'uuid',
  ...CONCEPTO_DE_LINEA_WIRE,
  cantidad: 'double',
  valor: 'double',
});

/** Wire format of a payment's per-concept total (CONTRACT §3.6). */
export const DETALLE_PAGO_SCHEMA = legacySchema({
  ...CONCEPTO_DE_LINEA_WIRE,
  cantidad: 'double',
  valor: 'double',
  numeroEmpleados: 'double',
});

export const writePagoEmpleadoDetalles = envelopeWriter<PagoEmpleadoDetalleRow>(PAGO_EMPLEADO_DETALLE_SCHEMA);
export const writeDetallePago = envelopeWriter<DetallePagoRow>(DETALLE_PAGO_SCHEMA);

class PagoEmpleadoDetalleUuidDto {
  @ApiProperty({ ...UUID_WIRE, example: '7C1D2E3F4A5B4C6D8E9F0A1B2C3D4E5F' })
  uuid!: string;
}

/** The line's uuid, its concept, then its amounts. */
export class PagoEmpleadoDetalleDto extends IntersectionType(PagoEmpleadoDetalleUuidDto, ConceptoDeLineaDto) {
  @ApiProperty(javaDouble(30.0, 'Cantidad (días, horas, unidades); hasta 4 decimales, 5.0E-4 bajo 0,001.'))
  cantidad!: number;

  @ApiProperty(javaDouble(1.8404777e7, 'Valor de la línea.'))
  valor!: number;
}

export class DetallePagoDto extends ConceptoDeLineaDto {
  @ConceptoSuma('cantidad', 1080.0, 'todas las nóminas del pago')
  cantidad!: number;

  @ConceptoSuma('valor', 1.23456789e8, 'todas las nóminas del pago')
  valor!: number;

  @ApiProperty(javaDouble(36.0, 'Nóminas del pago que tienen el concepto.'))
  numeroEmpleados!: number;
}

export class PagoEmpleadoDetallesResponseDto extends LegacyEnvelopeDto(PagoEmpleadoDetalleDto, 5) {}
export class DetallePagoResponseDto extends LegacyEnvelopeDto(DetallePagoDto, 8) {}

/** A real response (example dataset, payslip AA127C7D70004A55822DE206B914F0E4), byte for byte. */
export const PAGO_EMPLEADO_DETALLES_WIRE_EXAMPLE =
  '{"contenido":[{"uuid":"3D04405321DD4674ABFED2A04BC13DBA","codigoConcepto":"001","nombreConcepto":"Sueldo básico","tipo":"DEVENGADO","cantida' +
  'd":30.0,"valor":1.8404777E7},{"uuid":"A3BD88424BF64B9ABBE059009F9FC921","codigoConcepto":"101","nombreConcepto":"Aporte salud empleado","tip' +
  'o":"DEDUCCION","cantidad":0.0,"valor":515333.76},{"uuid":"15CD75ADAA7C437987FD40C53CA2AF8D","codigoConcepto":"102","nombreConcepto":"Aporte ' +
  'pensión empleado","tipo":"DEDUCCION","cantidad":0.0,"valor":515333.76},{"uuid":"8C992156BE0346E68214888CFEE943F4","codigoConcepto":"103","no' +
  'mbreConcepto":"Fondo de solidaridad pensional","tipo":"DEDUCCION","cantidad":0.0,"valor":128833.44},{"uuid":"5A382B3FED7E4E349CBBB60A2729E62' +
  'A","codigoConcepto":"104","nombreConcepto":"Retención en la fuente","tipo":"DEDUCCION","cantidad":0.0,"valor":1104286.82}],"error":null,"adv' +
  'ertencia":null,"metadata":null,"total":5}';

/** A real response (example dataset, payment EDB3A93CC8BC4BE2A4C5B8ABB2A86588), byte for byte. */
export const DETALLE_PAGO_WIRE_EXAMPLE =
  '{"contenido":[{"codigoConcepto":"001","nombreConcepto":"Sueldo básico","tipo":"DEVENGADO","cantidad":1065.5,"valor":1.5104594366E8,"numeroEm' +
  'pleados":36.0},{"codigoConcepto":"002","nombreConcepto":"Auxilio de transporte","tipo":"DEVENGADO","cantidad":555.5,"valor":2999700.0,"numer' +
  'oEmpleados":19.0},{"codigoConcepto":"003","nombreConcepto":"Horas extra diurnas","tipo":"DEVENGADO","cantidad":68.25,"valor":1503454.43,"num' +
  'eroEmpleados":11.0},{"codigoConcepto":"005","nombreConcepto":"Bonificación no salarial","tipo":"DEVENGADO","cantidad":0.0,"valor":960000.0,"' +
  'numeroEmpleados":4.0},{"codigoConcepto":"200","nombreConcepto":"Recargo nocturno","tipo":"DEVENGADO","cantidad":15.5,"valor":129791.67,"nume' +
  'roEmpleados":2.0},{"codigoConcepto":"101","nombreConcepto":"Aporte salud empleado","tipo":"DEDUCCION","cantidad":0.0,"valor":5886310.27,"num' +
  'eroEmpleados":36.0},{"codigoConcepto":"102","nombreConcepto":"Aporte pensión empleado","tipo":"DEDUCCION","cantidad":0.0,"valor":5886310.27,' +
  '"numeroEmpleados":36.0},{"codigoConcepto":"103","nombreConcepto":"Fondo de solidaridad pensional","tipo":"DEDUCCION","cantidad":0.0,"valor":' +
  '834852.81,"numeroEmpleados":10.0},{"codigoConcepto":"104","nombreConcepto":"Retención en la fuente","tipo":"DEDUCCION","cantidad":0.0,"valor' +
  '":5280950.17,"numeroEmpleados":10.0},{"codigoConcepto":"105","nombreConcepto":"Préstamo a empleados","tipo":"DEDUCCION","cantidad":0.0,"valo' +
  'r":667001.0,"numeroEmpleados":3.0}],"error":null,"advertencia":null,"metadata":null,"total":10}';

/** Compile-time link: the handler's rows and the OpenAPI DTO carry exactly the writer's fields (order: see response-dtos.spec.ts). */
export type PagoEmpleadoDetalleWireFields = [
  ExpectTrue<WireViewMatch<PagoEmpleadoDetalleRow, typeof PAGO_EMPLEADO_DETALLE_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<PagoEmpleadoDetalleDto, typeof PAGO_EMPLEADO_DETALLE_SCHEMA>>,
];

/** Compile-time link: the handler's rows and the OpenAPI DTO carry exactly the writer's fields (order: see response-dtos.spec.ts). */
export type DetallePagoWireFields = [
  ExpectTrue<WireViewMatch<DetallePagoRow, typeof DETALLE_PAGO_SCHEMA>>,
  ExpectTrue<WireFieldsMatch<DetallePagoDto, typeof DETALLE_PAGO_SCHEMA>>,
];
