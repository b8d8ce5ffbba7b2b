import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset, PagoInput } from './dataset.types';
import { validateDataset, type ImportProblem } from './validate-dataset';

const FIXTURE = JSON.parse(readFileSync(join(__dirname, '../../../test/fixtures/example-dataset.json'), 'utf8')) as Dataset;

type Json = Record<string, any>;

/** A deep copy of the example with one thing broken; returns its problems. */
function problemsAfter(breakIt: (data: Json, t: Json[]) => void): ImportProblem[] {
  const data = structuredClone(FIXTURE) as unknown as Json;
  breakIt(data, data.tenants);
  return validateDataset(data);
}

function expectOnly(problems: ImportProblem[], path: string, fragment: string): void {
  expect(problems).toEqual([{ path, message: expect.stringContaining(fragment) }]);
}

describe('validateDataset', () => {
  it('accepts the example dataset', () => {
    expect(validateDataset(FIXTURE)).toEqual([]);
  });

  describe('schema', () => {
    it('reports a wrong type with its path', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].definitivo = 'si')),
        '$.tenants[0].pagos[3].definitivo',
        'debe ser true o false',
      );
    });

    it('reports a non-integer year (and its range) at the same path', () => {
      const problems = problemsAfter((_, t) => (t[1].pagos[0].ano = 20.5));
      expect(problems).toEqual([
        { path: '$.tenants[1].pagos[0].ano', message: 'debe ser un número entero' },
        { path: '$.tenants[1].pagos[0].ano', message: 'debe ser mayor o igual que 1900' },
      ]);
    });

    it('reports an unknown property at the property', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].empleados[2].detalles[0].foo = 1)),
        '$.tenants[0].pagos[3].empleados[2].detalles[0].foo',
        'propiedad no permitida: foo',
      );
    });

    it('reports a missing property at its object', () => {
      expectOnly(
        problemsAfter((_, t) => delete t[0].negocios[1].uuid),
        '$.tenants[0].negocios[1]',
        'falta la propiedad obligatoria: uuid',
      );
    });

    it('lists the allowed values of an enum', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[2].estado = 'XX')),
        '$.tenants[0].pagos[2].estado',
        'debe ser uno de: EP, PA, PP, PG, RE, AN',
      );
    });

    it('explains a malformed uuid, date and instant', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[2].empleados[0].detalles[1].uuid = 'abc')),
        '$.tenants[0].pagos[2].empleados[0].detalles[1].uuid',
        'debe ser un uuid',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[2].fechaPago = '2024-1-5')),
        '$.tenants[0].pagos[2].fechaPago',
        'debe ser una fecha AAAA-MM-DD',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].ventas[0].fecha = '2023-09-01 11:41:36')),
        '$.tenants[0].ventas[0].fecha',
        'debe ser un instante ISO-8601',
      );
    });

    it('gives one message for a nullable reference that is neither a uuid nor null', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[1].grupoPago = 7)),
        '$.tenants[0].pagos[1].grupoPago',
        'debe ser un uuid (32 caracteres hexadecimales, con o sin guiones) o null',
      );
    });

    it('rejects a top level that is not an object', () => {
      expect(validateDataset([])).toEqual([{ path: '$', message: 'debe ser un objeto' }]);
      expect(validateDataset({})).toEqual([{ path: '$', message: 'falta la propiedad obligatoria: tenants' }]);
    });

    it('quotes property names that are not identifiers', () => {
      expectOnly(
        problemsAfter((d) => (d['mal nombre'] = 1)),
        '$["mal nombre"]',
        'propiedad no permitida: mal nombre',
      );
    });
  });

  describe('references and uniqueness', () => {
    it('finds a uuid used twice in one kind, whatever its spelling', () => {
      const problems = problemsAfter((_, t) => (t[2].negocios[0].uuid = t[0].negocios[1].uuid.replace(/-/g, '').toUpperCase()));
      // The other tenant's users and products still point at the old uuid.
      expect(problems[0]).toEqual({
        path: '$.tenants[2].negocios[0].uuid',
        message: 'uuid de negocio repetido: ya se usa en $.tenants[0].negocios[1].uuid',
      });
    });

    // Employees, bonds and products remember their first use as numbers (UuidMap), not as paths.
    it('finds an employee uuid used twice across tenants and locates the first use', () => {
      expectOnly(
        problemsAfter((_, t) => (t[2].empleados[1].uuid = t[0].empleados[3].uuid.toUpperCase())),
        '$.tenants[2].empleados[1].uuid',
        'uuid de empleado repetido: ya se usa en $.tenants[0].empleados[3].uuid',
      );
    });

    it('locates the first use of a repeated bond uuid and of a repeated product uuid', () => {
      const problems = problemsAfter((_, t) => {
        t[0].empleados[7].vinculaciones[0].uuid = t[0].empleados[5].vinculaciones[1].uuid.replace(/-/g, '');
        t[2].productos[4].uuid = t[0].productos[29].uuid;
      });
      // Payslips and sale lines that pointed at the replaced uuids are reported too.
      expect(problems).toContainEqual({
        path: '$.tenants[0].empleados[7].vinculaciones[0].uuid',
        message: 'uuid de vinculación repetido: ya se usa en $.tenants[0].empleados[5].vinculaciones[1].uuid',
      });
      expect(problems).toContainEqual({
        path: '$.tenants[2].productos[4].uuid',
        message: 'uuid de producto repetido: ya se usa en $.tenants[0].productos[29].uuid',
      });
    });

    it('allows the same uuid in different kinds', () => {
      const key = (u: string): string => u.replace(/-/g, '').toLowerCase();
      const problems = problemsAfter((_, t) => {
        const old = key(t[0].categorias[0].uuid);
        t[0].categorias[0].uuid = t[0].usuarios[0].uuid;
        for (const p of t[0].productos) if (p.categoria && key(p.categoria) === old) p.categoria = t[0].usuarios[0].uuid;
      });
      expect(problems).toEqual([]);
    });

    it('finds a detail-line uuid used twice across the file', () => {
      expectOnly(
        problemsAfter((_, t) => (t[2].pagos[1].empleados[0].detalles[0].uuid = t[0].pagos[3].empleados[2].detalles[0].uuid.toUpperCase())),
        '$.tenants[2].pagos[1].empleados[0].detalles[0].uuid',
        'uuid de detalle repetido',
      );
    });

    it('finds a payslip uuid used twice', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[4].empleados[1].uuid = t[0].pagos[3].empleados[0].uuid)),
        '$.tenants[0].pagos[4].empleados[1].uuid',
        'uuid de nómina repetido: ya se usa en $.tenants[0].pagos[3].empleados[0].uuid',
      );
    });

    it("requires a payslip's bond to be one of the same tenant", () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].empleados[2].vinculacion = t[1].empleados[0].vinculaciones[0].uuid)),
        '$.tenants[0].pagos[3].empleados[2].vinculacion',
        'no corresponde a ninguna vinculación de este tenant',
      );
    });

    it('allows one payslip per bond per payment', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].empleados[5].vinculacion = t[0].pagos[3].empleados[1].vinculacion.toUpperCase())),
        '$.tenants[0].pagos[3].empleados[5].vinculacion',
        'la vinculación ya tiene otra nómina en este pago (empleados[1])',
      );
    });

    it('resolves concepto, tipoCotizante and grupoPago within the tenant', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].empleados[2].detalles[0].concepto = '999')),
        '$.tenants[0].pagos[3].empleados[2].detalles[0].concepto',
        'ningún concepto de este tenant',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].empleados[4].vinculaciones[0].tipoCotizante = '77')),
        '$.tenants[0].empleados[4].vinculaciones[0].tipoCotizante',
        'ningún tipo de cotizante',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[1].grupoPago = t[2].gruposPago[0].uuid)),
        '$.tenants[0].pagos[1].grupoPago',
        'ningún grupo de pago de este tenant',
      );
    });

    it('resolves negocio, producto and categoria within the tenant', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].ventas[3].negocio = t[1].negocios[0].uuid)),
        '$.tenants[0].ventas[3].negocio',
        'ningún negocio de este tenant',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].ventas[3].lineas[0].producto = t[2].productos[0].uuid)),
        '$.tenants[0].ventas[3].lineas[0].producto',
        'ningún producto de este tenant',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].productos[2].negocio = t[2].negocios[0].uuid)),
        '$.tenants[0].productos[2].negocio',
        'ningún negocio de este tenant',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].productos[2].categoria = t[2].categorias[0].uuid)),
        '$.tenants[0].productos[2].categoria',
        'ninguna categoría de este tenant',
      );
    });

    it("requires a user's businesses to be the tenant's, each once", () => {
      expectOnly(
        problemsAfter((_, t) => t[0].usuarios[0].negocios.push(t[1].negocios[0].uuid)),
        '$.tenants[0].usuarios[0].negocios[2]',
        'ningún negocio de este tenant',
      );
      expectOnly(
        problemsAfter((_, t) => t[0].usuarios[0].negocios.push(t[0].usuarios[0].negocios[0].toUpperCase())),
        '$.tenants[0].usuarios[0].negocios[2]',
        'negocio repetido',
      );
    });

    it('requires concept and contributor-type codes to be unique within a tenant', () => {
      expectOnly(
        problemsAfter((_, t) => t[0].conceptos.push({ ...t[0].conceptos[0], nombre: 'Otro' })),
        '$.tenants[0].conceptos[20].codigo',
        'código de concepto repetido en este tenant: ya se usa en $.tenants[0].conceptos[0].codigo',
      );
      expectOnly(
        problemsAfter((_, t) => t[2].tiposCotizante.push({ ...t[2].tiposCotizante[1] })),
        '$.tenants[2].tiposCotizante[4].codigo',
        'código de tipo de cotizante repetido',
      );
    });

    it('requires an employee document to be unique within a tenant', () => {
      expectOnly(
        problemsAfter((_, t) =>
          Object.assign(t[0].empleados[7], {
            tipoDocumento: t[0].empleados[3].tipoDocumento,
            identificacion: t[0].empleados[3].identificacion,
          }),
        ),
        '$.tenants[0].empleados[7].identificacion',
        'repetido en este tenant: ya se usa en $.tenants[0].empleados[3].identificacion',
      );
    });

    it('requires e-mails to be unique across the file, ignoring case', () => {
      expectOnly(
        problemsAfter((_, t) => (t[2].usuarios[0].email = ` ${t[0].usuarios[1].email.toUpperCase()}`)),
        '$.tenants[2].usuarios[0].email',
        'correo repetido (sin distinguir mayúsculas): ya se usa en $.tenants[0].usuarios[1].email',
      );
    });

    it('allows a supplier once per ubicacion, and establishment codes once per supplier', () => {
      const definitive = (t: Json[]): Json[] => t[0].proveedores.filter((p: Json) => p.ubicacion === 'DEFINITIVA');
      expectOnly(
        problemsAfter((_, t) =>
          t[0].proveedores.push({ ...structuredClone(definitive(t)[0]), identificacion: definitive(t)[0].identificacion.toLowerCase() }),
        ),
        `$.tenants[0].proveedores[${FIXTURE.tenants[0].proveedores!.length}].identificacion`,
        'proveedor repetido en la ubicación DEFINITIVA',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].proveedores[0].establecimientos[1].codigo = t[0].proveedores[0].establecimientos[0].codigo)),
        '$.tenants[0].proveedores[0].establecimientos[1].codigo',
        'código de establecimiento repetido en este proveedor (establecimientos[0])',
      );
    });

    it('accepts the same supplier in both ubicaciones', () => {
      expect(problemsAfter((_, t) => t[0].proveedores.push({ ...structuredClone(t[0].proveedores[0]), ubicacion: 'ENTRADA' }))).toEqual([]);
    });
  });

  describe('dates and amounts', () => {
    it('requires fechaDesde <= fechaHasta', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].fechaDesde = '2030-01-01')),
        '$.tenants[0].pagos[3].fechaDesde',
        'es posterior a fechaHasta',
      );
    });

    it('requires real calendar dates and instants', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].fechaPago = '2024-02-30')),
        '$.tenants[0].pagos[3].fechaPago',
        '2024-02-30 no es una fecha real del calendario',
      );
      expect(problemsAfter((_, t) => (t[0].pagos[3].fechaPago = '2024-02-29'))).toEqual([]);
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].fechaPago = '2023-02-29')),
        '$.tenants[0].pagos[3].fechaPago',
        'no es una fecha real',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].ventas[2].fecha = '2023-09-01T24:00:00Z')),
        '$.tenants[0].ventas[2].fecha',
        'no es un instante válido',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].empleados[0].vinculaciones[0].fechaRetiro = '2021-13-01')),
        '$.tenants[0].empleados[0].vinculaciones[0].fechaRetiro',
        'no es una fecha real',
      );
    });

    it('requires a bond to end after it starts', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].empleados[0].vinculaciones[0].fechaRetiro = '2020-01-01')),
        '$.tenants[0].empleados[0].vinculaciones[0].fechaRetiro',
        'es anterior a fechaIngreso',
      );
    });

    it('requires a subscription to start before it ends', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].negocios[0].suscripcion.hasta = '2019-12-31T23:59:59.999Z')),
        '$.tenants[0].negocios[0].suscripcion.desde',
        'es posterior a hasta',
      );
    });

    it('allows at most 2 decimals in money and 4 in quantities', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].empleados[2].detalles[0].valor = 10.005)),
        '$.tenants[0].pagos[3].empleados[2].detalles[0].valor',
        'como máximo 2 decimales',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].empleados[2].salarioBase = 1000000.001)),
        '$.tenants[0].pagos[3].empleados[2].salarioBase',
        'como máximo 2 decimales',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].empleados[1].vinculaciones[0].salarioBase = 0.125)),
        '$.tenants[0].empleados[1].vinculaciones[0].salarioBase',
        'como máximo 2 decimales',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].ventas[0].lineas[0].precioUnitario = 1.999)),
        '$.tenants[0].ventas[0].lineas[0].precioUnitario',
        'como máximo 2 decimales',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].ventas[0].lineas[0].descuento = 0.001)),
        '$.tenants[0].ventas[0].lineas[0].descuento',
        'como máximo 2 decimales',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].ventas[0].lineas[3].impuestos = 3.333)),
        '$.tenants[0].ventas[0].lineas[3].impuestos',
        'como máximo 2 decimales',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].empleados[2].detalles[0].cantidad = 0.00005)),
        '$.tenants[0].pagos[3].empleados[2].detalles[0].cantidad',
        'como máximo 4 decimales',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].ventas[0].lineas[0].costoPromedio = 1.23456)),
        '$.tenants[0].ventas[0].lineas[0].costoPromedio',
        'como máximo 4 decimales',
      );
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].empleados[2].diasTrabajados = 15.00001)),
        '$.tenants[0].pagos[3].empleados[2].diasTrabajados',
        'como máximo 4 decimales',
      );
      expect(
        problemsAfter((_, t) => {
          t[0].pagos[3].empleados[2].detalles[0].valor = 0.29;
          t[0].pagos[3].empleados[2].detalles[0].cantidad = 0.0005;
          t[0].pagos[3].empleados[2].diasTrabajados = 15.5;
        }),
      ).toEqual([]);
    });

    it('bounds amounts so their sums stay exact', () => {
      expectOnly(
        problemsAfter((_, t) => (t[0].pagos[3].empleados[2].detalles[0].valor = 1e14)),
        '$.tenants[0].pagos[3].empleados[2].detalles[0].valor',
        'el valor absoluto debe ser menor que 10.000.000.000.000',
      );
    });
  });

  it('caps the list at 1000 problems plus a count of the rest', () => {
    const problems = problemsAfter((_, t) => {
      for (const pago of t[0].pagos) for (const pe of pago.empleados) for (const d of pe.detalles) d.valor = 0.001;
    });
    const lines = (FIXTURE.tenants[0].pagos as PagoInput[]).reduce(
      (n, p) => n + p.empleados.reduce((m, pe) => m + pe.detalles.length, 0),
      0,
    );
    expect(problems).toHaveLength(1001);
    const rest = String(lines - 1000).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    expect(problems[1000]).toEqual({ path: '$', message: `... y ${rest} problemas más` });
  });
});
