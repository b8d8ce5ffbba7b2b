import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Client } from 'pg';
import type { Dataset, DetalleInput, PagoInput, TenantInput } from '@nomina-api/importer/dataset.types';
import { GenerarNominaElectronicaCommand, GenerarNominaElectronicaHandler, TOMAR_NUMEROS_SQL } from '@nomina-api/nomina/testing';
import { DataVersionReader, type PgClient, SqlReader } from '@nomina-api/platform/persistence';
import { createTestApp, expectProblem, get, login } from './support/test-app';
import { seedDatabase } from './support/test-database';

/**
 * GET /pagos/nominaelectronica/{ano}/{mes} (CONTRACT §3.8): the one payroll GET that writes.
 * The suite is stateful on purpose (each call consumes numbers): every test reads the sequence
 * row before and after, so the expectations hold whatever ran before.
 */

const uuid = (tenant: number, n: number): string => `${String(tenant).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const wire = (u: string): string => u.replace(/-/g, '').toUpperCase();

const TA = uuid(1, 0);
const TB = uuid(2, 0);

const E1 = uuid(1, 0x101); // Ana María Pérez, two bonds paid in March
const V1 = uuid(1, 0x201);
const V1B = uuid(1, 0x202);
const E2 = uuid(1, 0x102); // Óscar Núñez
const V2 = uuid(1, 0x203);
const E3 = uuid(1, 0x103); // Zoe Álvarez
const V3 = uuid(1, 0x204);
const E4 = uuid(1, 0x104); // Bruno Díaz: only in an IN payment
const V4 = uuid(1, 0x205);
const E5 = uuid(1, 0x105); // Carlos Ruiz: only in an annulled payment
const V5 = uuid(1, 0x206);
const E6 = uuid(1, 0x106); // Diana Soto: only in a non-definitive payment
const V6 = uuid(1, 0x207);
const E7 = uuid(1, 0x107); // ANA MARIA PEREZ: same folded name as E1, exact order first
const V7 = uuid(1, 0x208);

const EB1 = uuid(2, 0x101); // Beatriz
const VB1 = uuid(2, 0x201);
const EB2 = uuid(2, 0x102); // Alberto
const VB2 = uuid(2, 0x202);

let n = 0;
const l = (concepto: string, valor: number): DetalleInput => ({ uuid: uuid(9, ++n), concepto, valor });
const ps = (vinculacion: string, detalles: DetalleInput[]) => ({ uuid: uuid(8, ++n), vinculacion, salarioBase: 1300000, detalles });

function pago(
  tenant: number,
  id: number,
  p: Pick<PagoInput, 'ano' | 'mes' | 'estado' | 'tipoPago' | 'definitivo' | 'empleados'>,
): PagoInput {
  const mm = String(p.mes).padStart(2, '0');
  return {
    uuid: uuid(tenant, 0x300 + id),
    descripcion: `Pago ${id}`,
    fechaDesde: `${p.ano}-${mm}-01`,
    fechaHasta: `${p.ano}-${mm}-28`,
    fechaPago: `${p.ano}-${mm}-28`,
    ...p,
  };
}

const CONCEPTOS: TenantInput['conceptos'] = [
  { codigo: '001', nombre: 'Sueldo básico', tipo: 'DEVENGADO', baseAportes: true },
  { codigo: '002', nombre: 'Auxilio de transporte', tipo: 'DEVENGADO' },
  { codigo: '010', nombre: 'Prima de servicios', tipo: 'DEVENGADO' },
  { codigo: '101', nombre: 'Aporte salud empleado', tipo: 'DEDUCCION', baseAportes: true },
];
const TIPOS: TenantInput['tiposCotizante'] = [{ codigo: '01', descripcion: 'Dependiente' }];
const bond = (id: string) => ({ uuid: id, fechaIngreso: '2020-01-01', salarioBase: 1300000, salarioIntegral: false, tipoCotizante: '01' });
const person = (id: string, tipoDocumento: 'CC' | 'CE', identificacion: string, nombres: string, apellidos: string, bonds: string[]) => ({
  uuid: id,
  tipoDocumento,
  identificacion,
  nombres,
  apellidos,
  vinculaciones: bonds.map(bond),
});

const TENANT_A: TenantInput = {
  uuid: TA,
  nit: '900000011',
  nombre: 'Electrónica A',
  activo: true,
  nominaElectronica: { prefijo: 'NEA', siguienteNumero: 15 },
  negocios: [{ uuid: uuid(1, 0x11), nombre: 'Sede A' }],
  usuarios: [
    { uuid: uuid(1, 0x21), email: 'ne.a@example.co', password: 'Clave-ne-A1', nombre: 'Ana', apellido: 'A', negocios: [uuid(1, 0x11)] },
  ],
  tiposCotizante: TIPOS,
  conceptos: CONCEPTOS,
  empleados: [
    person(E1, 'CC', '1001', 'Ana María', 'Pérez', [V1, V1B]),
    person(E2, 'CE', '1002', 'Óscar', 'Núñez', [V2]),
    person(E3, 'CC', '1003', 'Zoe', 'Álvarez', [V3]),
    person(E4, 'CC', '1004', 'Bruno', 'Díaz', [V4]),
    person(E5, 'CC', '1005', 'Carlos', 'Ruiz', [V5]),
    person(E6, 'CC', '1006', 'Diana', 'Soto', [V6]),
    person(E7, 'CC', '1007', 'ANA MARIA', 'PEREZ', [V7]),
  ],
  pagos: [
    pago(1, 1, {
      ano: 2024,
      mes: 3,
      estado: 'PG',
      tipoPago: 'PE',
      definitivo: true,
      empleados: [
        ps(V1, [l('001', 1000000), l('101', 40000)]),
        ps(V1B, [l('001', 500000)]),
        ps(V2, [l('001', 12000000), l('101', 480000)]),
        ps(V3, [l('002', 100000)]),
        ps(V7, [l('001', 800000)]),
      ],
    }),
    // A second qualifying payment of the month: Ana's first bond gets ONE document, summed.
    pago(1, 2, { ano: 2024, mes: 3, estado: 'PP', tipoPago: 'PR', definitivo: true, empleados: [ps(V1, [l('010', 300000.25)])] }),
    // Excluded: initial data, annulled, not definitive.
    pago(1, 3, { ano: 2024, mes: 3, estado: 'PG', tipoPago: 'IN', definitivo: true, empleados: [ps(V4, [l('001', 1)])] }),
    pago(1, 4, {
      ano: 2024,
      mes: 3,
      estado: 'AN',
      tipoPago: 'PE',
      definitivo: true,
      empleados: [ps(V5, [l('001', 1)]), ps(V1, [l('001', 999)])],
    }),
    pago(1, 5, {
      ano: 2024,
      mes: 3,
      estado: 'EP',
      tipoPago: 'PE',
      definitivo: false,
      empleados: [ps(V6, [l('001', 1)]), ps(V2, [l('001', 5)])],
    }),
    // April only has a payment to approve (not definitive): no documents.
    pago(1, 6, { ano: 2024, mes: 4, estado: 'PA', tipoPago: 'PE', definitivo: false, empleados: [ps(V1, [l('001', 1000000)])] }),
  ],
};

const TENANT_B: TenantInput = {
  uuid: TB,
  nit: '900000012',
  nombre: 'Electrónica B (sin secuencia)',
  activo: true,
  negocios: [{ uuid: uuid(2, 0x11), nombre: 'Sede B' }],
  usuarios: [
    { uuid: uuid(2, 0x21), email: 'ne.b@example.co', password: 'Clave-ne-B1', nombre: 'Beto', apellido: 'B', negocios: [uuid(2, 0x11)] },
  ],
  tiposCotizante: TIPOS,
  conceptos: CONCEPTOS,
  empleados: [person(EB1, 'CC', '2001', 'Beatriz', 'Rojas', [VB1]), person(EB2, 'CC', '2002', 'Alberto', 'Gil', [VB2])],
  pagos: [
    pago(2, 1, {
      ano: 2024,
      mes: 3,
      estado: 'PG',
      tipoPago: 'PE',
      definitivo: true,
      empleados: [ps(VB1, [l('001', 1500000)]), ps(VB2, [l('001', 1600000), l('101', 64000)])],
    }),
  ],
};

const DATASET: Dataset = { tenants: [TENANT_A, TENANT_B] };

interface Documento {
  numero: string;
  prefijo: string;
  consecutivo: number;
  ano: number;
  mes: number;
  uuidVinculado: string;
  uuidEmpleado: string;
  tipoDocumento: string;
  identificacion: string;
  nombreCompleto: string;
  totalDevengados: number;
  totalDeducciones: number;
  totalNeto: number;
}

/** March 2024 of tenant A, in list order, without the numbering fields. */
const MARZO_A = [
  {
    uuidVinculado: wire(V7),
    uuidEmpleado: wire(E7),
    tipoDocumento: 'CC',
    identificacion: '1007',
    nombreCompleto: 'ANA MARIA PEREZ',
    totalDevengados: 800000,
    totalDeducciones: 0,
    totalNeto: 800000,
  },
  {
    uuidVinculado: wire(V1),
    uuidEmpleado: wire(E1),
    tipoDocumento: 'CC',
    identificacion: '1001',
    nombreCompleto: 'Ana María Pérez',
    totalDevengados: 1300000.25,
    totalDeducciones: 40000,
    totalNeto: 1260000.25,
  },
  {
    uuidVinculado: wire(V1B),
    uuidEmpleado: wire(E1),
    tipoDocumento: 'CC',
    identificacion: '1001',
    nombreCompleto: 'Ana María Pérez',
    totalDevengados: 500000,
    totalDeducciones: 0,
    totalNeto: 500000,
  },
  {
    uuidVinculado: wire(V2),
    uuidEmpleado: wire(E2),
    tipoDocumento: 'CE',
    identificacion: '1002',
    nombreCompleto: 'Óscar Núñez',
    totalDevengados: 12000000,
    totalDeducciones: 480000,
    totalNeto: 11520000,
  },
  {
    uuidVinculado: wire(V3),
    uuidEmpleado: wire(E3),
    tipoDocumento: 'CC',
    identificacion: '1003',
    nombreCompleto: 'Zoe Álvarez',
    totalDevengados: 100000,
    totalDeducciones: 0,
    totalNeto: 100000,
  },
];

const numbered = (prefijo: string, first: number, docs: typeof MARZO_A, ano = 2024, mes = 3): Documento[] =>
  docs.map((d, i) => ({ numero: `${prefijo}${first + i}`, prefijo, consecutivo: first + i, ano, mes, ...d }));

// jest-circus reads testTimeout from the global config only; the e2e project's value is ignored.
jest.setTimeout(60_000);

describe('GET /pagos/nominaelectronica/{ano}/{mes} (e2e)', () => {
  let app: NestFastifyApplication;
  let db: Client;
  let tokenA: string;
  let tokenB: string;

  beforeAll(async () => {
    const url = await seedDatabase('nomina_test_ne', [DATASET]);
    app = await createTestApp({}, url);
    db = new Client({ connectionString: url });
    await db.connect();
    tokenA = await login(app, 'ne.a@example.co', 'Clave-ne-A1');
    tokenB = await login(app, 'ne.b@example.co', 'Clave-ne-B1');
  });
  afterAll(async () => {
    await db?.end();
    await app?.close();
  });

  /** The tenant's sequence row, or undefined when it has none. */
  async function secuencia(tenant: string): Promise<{ prefijo: string; siguiente: number } | undefined> {
    const { rows } = await db.query(
      'select prefijo, siguiente_numero::int as siguiente from nomina_electronica_secuencia where tenant_id = $1',
      [tenant],
    );
    return rows[0];
  }

  const generar = (ano: number | string, mes: number | string, token = tokenA) => get(app, `/pagos/nominaelectronica/${ano}/${mes}`, token);

  it('numbers the month from the dataset sequence (prefix NEA, next 15), one contiguous block in list order', async () => {
    expect(await secuencia(TA)).toEqual({ prefijo: 'NEA', siguiente: 15 });
    const res = await generar(2024, 3);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ contenido: numbered('NEA', 15, MARZO_A), error: null, advertencia: null, metadata: null, total: 5 });
    expect(await secuencia(TA)).toEqual({ prefijo: 'NEA', siguiente: 20 });
  });

  it('writes the legacy bytes: integer consecutivo/ano/mes, Java doubles, uppercase uuids', async () => {
    const before = (await secuencia(TA))!.siguiente;
    const res = await generar('2024', '03');
    const oscar = res.body.slice(res.body.indexOf(`{"numero":"NEA${before + 3}"`), res.body.indexOf(`,{"numero":"NEA${before + 4}"`));
    expect(oscar).toBe(
      `{"numero":"NEA${before + 3}","prefijo":"NEA","consecutivo":${before + 3},"ano":2024,"mes":3,` +
        `"uuidVinculado":"${wire(V2)}","uuidEmpleado":"${wire(E2)}","tipoDocumento":"CE","identificacion":"1002","nombreCompleto":"Óscar Núñez",` +
        `"totalDevengados":1.2E7,"totalDeducciones":480000.0,"totalNeto":1.152E7}`,
    );
    expect(res.body.endsWith('],"error":null,"advertencia":null,"metadata":null,"total":5}')).toBe(true);
  });

  it('consumes new numbers on every call, also for a month already generated', async () => {
    const before = (await secuencia(TA))!.siguiente;
    const first = (await generar(2024, 3)).json();
    const second = (await generar(2024, 3)).json();
    expect(first.contenido).toEqual(numbered('NEA', before, MARZO_A));
    expect(second.contenido).toEqual(numbered('NEA', before + 5, MARZO_A));
    expect(await secuencia(TA)).toEqual({ prefijo: 'NEA', siguiente: before + 10 });
  });

  it('leaves out IN, annulled and non-definitive payments (neither documents nor amounts)', async () => {
    const body = (await generar(2024, 3)).json();
    const bonds = body.contenido.map((d: Documento) => d.uuidVinculado);
    for (const excluded of [V4, V5, V6]) expect(bonds).not.toContain(wire(excluded));
    // Ana: 1,000,000 + 300,000.25 (two qualifying payments), not the 999 of the annulled one.
    expect(body.contenido.find((d: Documento) => d.uuidVinculado === wire(V1)).totalDevengados).toBe(1300000.25);
    // Óscar: not the 5 of the payment in preparation.
    expect(body.contenido.find((d: Documento) => d.uuidVinculado === wire(V2)).totalDevengados).toBe(12000000);
  });

  it('a month without qualifying payslips answers an empty list and consumes nothing', async () => {
    const before = await secuencia(TA);
    for (const [ano, mes] of [
      [2024, 4],
      [2024, 5],
      [1900, 1],
      [2100, 12],
    ]) {
      const res = await generar(ano, mes);
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ contenido: [], error: null, advertencia: null, metadata: null, total: 0 });
    }
    expect(await secuencia(TA)).toEqual(before);
  });

  it('a tenant without a sequence starts at NE1; an empty month does not create its row', async () => {
    const aBefore = await secuencia(TA);
    expect(await secuencia(TB)).toBeUndefined();
    expect((await generar(2024, 4, tokenB)).json().total).toBe(0);
    expect(await secuencia(TB)).toBeUndefined();

    const res = (await generar(2024, 3, tokenB)).json();
    expect(res.contenido).toEqual([
      {
        numero: 'NE1',
        prefijo: 'NE',
        consecutivo: 1,
        ano: 2024,
        mes: 3,
        uuidVinculado: wire(VB2),
        uuidEmpleado: wire(EB2),
        tipoDocumento: 'CC',
        identificacion: '2002',
        nombreCompleto: 'Alberto Gil',
        totalDevengados: 1600000,
        totalDeducciones: 64000,
        totalNeto: 1536000,
      },
      {
        numero: 'NE2',
        prefijo: 'NE',
        consecutivo: 2,
        ano: 2024,
        mes: 3,
        uuidVinculado: wire(VB1),
        uuidEmpleado: wire(EB1),
        tipoDocumento: 'CC',
        identificacion: '2001',
        nombreCompleto: 'Beatriz Rojas',
        totalDevengados: 1500000,
        totalDeducciones: 0,
        totalNeto: 1500000,
      },
    ]);
    expect(await secuencia(TB)).toEqual({ prefijo: 'NE', siguiente: 3 });
    expect((await generar(2024, 3, tokenB)).json().contenido.map((d: Documento) => d.numero)).toEqual(['NE3', 'NE4']);
    // Tenant A's sequence did not move.
    expect(await secuencia(TA)).toEqual(aBefore);
  });

  it('50 concurrent calls get distinct numbers that together form one gap-free block', async () => {
    const aBefore = (await secuencia(TA))!.siguiente;
    const bBefore = await secuencia(TB);
    const responses = await Promise.all(Array.from({ length: 50 }, () => generar(2024, 3)));
    const numbers: number[] = [];
    for (const res of responses) {
      expect(res.status).toBe(200);
      const docs: Documento[] = res.json().contenido;
      expect(docs.map(({ numero, prefijo, consecutivo, ano, mes, ...rest }) => rest)).toEqual(MARZO_A);
      // Each call's block is contiguous and follows the list order.
      docs.forEach((d, i) => {
        expect(d.consecutivo).toBe(docs[0].consecutivo + i);
        expect(d.numero).toBe(`NEA${d.consecutivo}`);
      });
      numbers.push(...docs.map((d) => d.consecutivo));
    }
    numbers.sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 250 }, (_, i) => aBefore + i));
    expect(await secuencia(TA)).toEqual({ prefijo: 'NEA', siguiente: aBefore + 250 });
    expect(await secuencia(TB)).toEqual(bBefore);
  });

  it('waits while another transaction holds the sequence row, then numbers after what that one committed', async () => {
    const before = (await secuencia(TA))!.siguiente;
    // Another writer (a second API instance, an import --replace) holds the row.
    await db.query('begin');
    await db.query('update nomina_electronica_secuencia set siguiente_numero = siguiente_numero + 7 where tenant_id = $1', [TA]);
    let settled = false;
    const pending = generar(2024, 3).then((res) => {
      settled = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    await db.query('commit');
    const res = await pending;
    expect(res.json().contenido.map((d: Documento) => d.consecutivo)).toEqual([0, 1, 2, 3, 4].map((i) => before + 7 + i));
    expect(await secuencia(TA)).toEqual({ prefijo: 'NEA', siguiente: before + 12 });
  });

  it('a call that fails after taking its block consumes nothing (the transaction rolls back)', async () => {
    const before = (await secuencia(TA))!.siguiente;
    const real = app.get(SqlReader);
    let takenInsideTransaction: string | undefined;
    // The real handler on the real database; only the client fails right after the take.
    const failing = {
      transaction: <T>(fn: (client: PgClient) => Promise<T>) =>
        real.transaction((client) =>
          fn({
            query: async (text: string, values?: unknown[]) => {
              const result = await client.query<{ primero: string }>(text, values);
              if (text === TOMAR_NUMEROS_SQL) {
                takenInsideTransaction = result.rows[0].primero;
                throw new Error('simulated failure after the numbers were taken');
              }
              return result;
            },
          } as PgClient),
        ),
    } as unknown as SqlReader;
    const handler = new GenerarNominaElectronicaHandler(failing, app.get(DataVersionReader));
    await expect(handler.execute(new GenerarNominaElectronicaCommand(TA, 2024, 3))).rejects.toThrow('simulated failure');
    expect(takenInsideTransaction).toBe(String(before));
    expect(await secuencia(TA)).toEqual({ prefijo: 'NEA', siguiente: before });
    // The next call gets the very numbers the failed one had taken.
    expect((await generar(2024, 3)).json().contenido[0].numero).toBe(`NEA${before}`);
  });

  it('logs each consumption with tenant, period and first/last number', async () => {
    const spy = jest.spyOn(Logger.prototype, 'log');
    try {
      const before = (await secuencia(TA))!.siguiente;
      await generar(2024, 3);
      await generar(2024, 5);
      const messages = spy.mock.calls.map((c) => String(c[0])).filter((m) => m.startsWith('Numeración de nómina electrónica'));
      expect(messages).toEqual([
        `Numeración de nómina electrónica consumida: tenant=${TA} ano=2024 mes=3 documentos=5 primero=NEA${before} ultimo=NEA${before + 4}`,
      ]);
    } finally {
      spy.mockRestore();
    }
  });

  describe('Idempotency-Key and the record of blocks (CONTRACT §3.8)', () => {
    const withKey = (clave: string, ano: number | string = 2024, mes: number | string = 3, token = tokenA) =>
      get(app, `/pagos/nominaelectronica/${ano}/${mes}`, token, { 'idempotency-key': clave });

    async function bloques(
      tenant: string,
    ): Promise<{ prefijo: string; primero: number; ultimo: number; cantidad: number; ano: number; mes: number; clave: string | null }[]> {
      const { rows } = await db.query(
        `select prefijo, primero::int, ultimo::int, cantidad, ano, mes, clave_idempotencia as clave
           from nomina_electronica_bloque where tenant_id = $1 order by primero`,
        [tenant],
      );
      return rows;
    }

    it('records every block taken, with or without a key, in the transaction that takes it', async () => {
      const before = (await secuencia(TA))!.siguiente;
      const recorded = (await bloques(TA)).length;
      await generar(2024, 3);
      await withKey('registro-1');
      await generar(2024, 4); // no documents: nothing taken, nothing recorded
      const nuevos = (await bloques(TA)).slice(recorded);
      expect(nuevos).toEqual([
        { prefijo: 'NEA', primero: before, ultimo: before + 4, cantidad: 5, ano: 2024, mes: 3, clave: null },
        { prefijo: 'NEA', primero: before + 5, ultimo: before + 9, cantidad: 5, ano: 2024, mes: 3, clave: 'registro-1' },
      ]);
      // Every number the sequence handed out meanwhile is in exactly one recorded block.
      expect(before + nuevos.reduce((sum, b) => sum + b.cantidad, 0)).toBe((await secuencia(TA))!.siguiente);
    });

    it('the same key replays the same documents and numbers (Idempotency-Replayed: true) and consumes nothing', async () => {
      const first = await withKey('3f0c1a52-8e0b-4d0e-9a57-0c4d2b1e7f10');
      expect(first.status).toBe(200);
      expect(first.headers['idempotency-replayed']).toBeUndefined();
      const after = await secuencia(TA);
      const recorded = (await bloques(TA)).length;
      for (let i = 0; i < 3; i++) {
        const again = await withKey('3f0c1a52-8e0b-4d0e-9a57-0c4d2b1e7f10');
        expect(again.status).toBe(200);
        expect(again.headers['idempotency-replayed']).toBe('true');
        expect(again.headers['cache-control']).toBe('no-store');
        expect(again.body).toBe(first.body);
      }
      expect(await secuencia(TA)).toEqual(after);
      expect((await bloques(TA)).length).toBe(recorded);
      // The key is the tenant's: the same key from another tenant is a call of its own.
      const other = await withKey('3f0c1a52-8e0b-4d0e-9a57-0c4d2b1e7f10', 2024, 3, tokenB);
      expect(other.status).toBe(200);
      expect(other.headers['idempotency-replayed']).toBeUndefined();
      // Without the header every call consumes (SPEC).
      const plain = (await generar(2024, 3)).json().contenido[0].consecutivo;
      expect(plain).toBe(after!.siguiente);
    });

    it('the same key for another ano/mes is 422 CLAVE_REUTILIZADA and consumes nothing', async () => {
      expect((await withKey('periodo-unico', 2024, 3)).status).toBe(200);
      const before = await secuencia(TA);
      const body = expectProblem(await withKey('periodo-unico', 2024, 4), 422, 'CLAVE_REUTILIZADA');
      expect(body.detail).toMatch(/2024\/3/);
      expectProblem(await withKey('periodo-unico', 2023, 3), 422, 'CLAVE_REUTILIZADA');
      expect(await secuencia(TA)).toEqual(before);
    });

    it('a call still in progress with the key: 409 CLAVE_EN_CURSO for the second; once the first answered, its block is replayed', async () => {
      const before = (await secuencia(TA))!.siguiente;
      // Another writer holds the sequence row: the first call takes its key, then waits for the row.
      await db.query('begin');
      await db.query('select 1 from nomina_electronica_secuencia where tenant_id = $1 for update', [TA]);
      let first: ReturnType<typeof withKey> | undefined;
      try {
        first = withKey('en-curso-1');
        for (let i = 0; i < 100 && !(await waitingOnLock()); i++) await new Promise((r) => setTimeout(r, 20));
        const body = expectProblem(await withKey('en-curso-1'), 409, 'CLAVE_EN_CURSO');
        expect(body.detail).toMatch(/en curso/);
      } finally {
        await db.query('commit');
      }
      const answered = await first!;
      expect(answered.status).toBe(200);
      expect(answered.json().contenido[0].consecutivo).toBe(before);
      const replay = await withKey('en-curso-1');
      expect(replay.headers['idempotency-replayed']).toBe('true');
      expect(replay.body).toBe(answered.body);
      expect(await secuencia(TA)).toEqual({ prefijo: 'NEA', siguiente: before + 5 });
    });

    it.each([
      ['empty', ''],
      ['a space inside', 'clave con espacio'],
      ['256 characters', 'k'.repeat(256)],
      ['not ASCII', 'clave-ñ'],
      ['a control character', 'clave\u0001'],
    ])('400 VALIDATION naming Idempotency-Key for a key that is %s; nothing consumed', async (_what, clave) => {
      const before = await secuencia(TA);
      const res = await app.inject({
        method: 'GET',
        url: '/pagos/nominaelectronica/2024/3',
        headers: { authorization: `Bearer ${tokenA}`, 'idempotency-key': clave },
      });
      const body = expectProblem(
        { status: res.statusCode, headers: res.headers, body: res.body, json: () => JSON.parse(res.body) },
        400,
        'VALIDATION',
      );
      expect(body.errors).toEqual([
        { field: 'Idempotency-Key', message: expect.stringMatching(/entre 1 y 255 caracteres ASCII visibles/) },
      ]);
      expect(await secuencia(TA)).toEqual(before);
    });

    it('255 visible ASCII characters are a valid key', async () => {
      const clave = Array.from({ length: 255 }, (_, i) => String.fromCharCode(0x21 + (i % 94))).join('');
      expect((await withKey(clave)).status).toBe(200);
      expect((await withKey(clave)).headers['idempotency-replayed']).toBe('true');
    });

    it('documents the header, 409 and 422 in OpenAPI', async () => {
      const op = (await get(app, '/docs-json')).json().paths['/pagos/nominaelectronica/{ano}/{mes}'].get;
      expect(op.parameters).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]),
      );
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '409', '422', '503']));
      expect(op.responses['200'].headers['Idempotency-Replayed']).toBeDefined();
      expect(op.description).toMatch(/Idempotency-Key/);
    });

    /** A backend of the service waits for a row lock (the first call, on the sequence row). */
    async function waitingOnLock(): Promise<boolean> {
      const { rows } = await db.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'nomina-read-api' and wait_event_type = 'Lock'`,
      );
      return rows[0].n > 0;
    }
  });

  describe('validation (nothing is consumed)', () => {
    it.each([
      ['1899', '3', 'ano'],
      ['2101', '3', 'ano'],
      ['abc', '3', 'ano'],
      ['2024.0', '3', 'ano'],
      ['-2024', '3', 'ano'],
      ['2024', '0', 'mes'],
      ['2024', '13', 'mes'],
      ['2024', '3.5', 'mes'],
      ['2024', 'marzo', 'mes'],
    ])('400 for ano=%s mes=%s naming %s', async (ano, mes, field) => {
      const before = await secuencia(TA);
      const body = expectProblem(await generar(ano, mes), 400, 'VALIDATION');
      expect(body.errors).toEqual([{ field, message: expect.stringMatching(/entero entre .* p\. ej\./) }]);
      expect(await secuencia(TA)).toEqual(before);
    });

    it('lists both parameters when both are wrong', async () => {
      const body = expectProblem(await generar('0', '99'), 400, 'VALIDATION');
      expect(body.errors.map((e: { field: string }) => e.field)).toEqual(['ano', 'mes']);
    });

    it('401 without a token', async () => {
      const before = await secuencia(TA);
      expectProblem(await get(app, '/pagos/nominaelectronica/2024/3'), 401);
      expect(await secuencia(TA)).toEqual(before);
    });
  });

  it('HEAD (which Fastify would route to the GET handler) is refused and consumes nothing', async () => {
    const before = await secuencia(TA);
    const res = await app.inject({
      method: 'HEAD',
      url: '/pagos/nominaelectronica/2024/3',
      headers: { authorization: `Bearer ${tokenA}` },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET');
    expect(await secuencia(TA)).toEqual(before);
  });

  it('warns about the side effect in OpenAPI', async () => {
    const doc = (await get(app, '/docs-json')).json();
    const op = doc.paths['/pagos/nominaelectronica/{ano}/{mes}'].get;
    expect(op.summary).toMatch(/NO es de solo lectura/);
    expect(op.description).toMatch(/consume números/);
    expect(op.tags).toEqual(['Nómina electrónica (escritura)']);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401']));
  });
});
