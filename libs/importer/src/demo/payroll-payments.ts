import type { DetalleInput, EstadoPago, PagoEmpleadoInput, PagoInput, TipoPago } from '../dataset.types';
import { MONTH_NAMES, Ymd, addMonths, dayNum, days360, isoDate, lastDayOfMonth, ymd } from './calendar';
import { C, CONCEPT_CODES, CONCEPT_IS_BASE, FIRST_WAGE_YEAR, auxTransporte, smmlv, uvt } from './catalogs';
import type { Bond, PeriodCfg } from './payroll-people';
import { Rng, UuidPool, hash32, rngFor, uuidFrom } from './prng';

/*
 * Each payment has two private streams: S decides which lines a payslip has (so datasetStats can
 * count lines by replaying S alone), V draws uuids and amounts. Both are seeded from the payment's
 * position, so a payment never depends on what was generated before it. Stream U feeds the
 * uuids of payslips and lines.
 */
const TAG_PAY_S = 101;
const TAG_PAY_V = 102;
const TAG_PAY_U = 103;

export interface PaymentSpec {
  idx: number;
  tipo: TipoPago;
  ano: number;
  mes: number;
  desde: number;
  hasta: number;
  pago: number;
  desdeYmd: Ymd;
  hastaYmd: Ymd;
  /** month index relative to the period start (drives loans) */
  k: number;
  /** year whose salary applies */
  year: number;
  estado: EstadoPago;
  definitivo: boolean;
  grupoPago: string | null;
  descripcion: string;
  /** the December advance a December payroll discounts */
  anticipo: PaymentSpec | null;
  /** write one overtime quantity as 0.0005 (legacy serializer: 5.0E-4) */
  tiny: boolean;
  pendienteGenerarIngreso: boolean | null | undefined;
  ingresoConErrores: boolean | null | undefined;
  egresoConErrores: boolean;
}

export interface PayrollPlan {
  seed: number;
  tenantIndex: number;
  bonds: Bond[];
  specs: PaymentSpec[];
}

export interface Groups {
  adm: string;
  ope: string;
}

// ---------------------------------------------------------------------------------------------
// Payment calendar

export function buildSpecs(cfg: PeriodCfg, bonds: Bond[], groups: Groups, withTiny: boolean): PaymentSpec[] {
  const specs: PaymentSpec[] = [];
  const last = addMonths(cfg.startYear, cfg.startMonth, cfg.months - 1);
  const retireMonths = new Set<number>();
  const S = dayNum(cfg.startYear, cfg.startMonth, 1);
  const E = dayNum(last.y, last.m, lastDayOfMonth(last.y, last.m));
  for (const b of bonds) if (b.retYmd && b.ret >= S && b.ret <= E) retireMonths.add(b.retYmd.y * 12 + b.retYmd.m);

  const add = (
    tipo: TipoPago,
    ano: number,
    mes: number,
    desde: number,
    hasta: number,
    pago: number,
    k: number,
    year: number,
    descripcion: string,
    grupoPago: string | null = null,
  ): PaymentSpec => {
    const s: PaymentSpec = {
      idx: specs.length,
      tipo,
      ano,
      mes,
      desde,
      hasta,
      pago,
      desdeYmd: ymd(desde),
      hastaYmd: ymd(hasta),
      k,
      year,
      estado: 'PG',
      definitivo: true,
      grupoPago,
      descripcion,
      anticipo: null,
      tiny: false,
      pendienteGenerarIngreso: undefined,
      ingresoConErrores: undefined,
      egresoConErrores: false,
    };
    specs.push(s);
    return s;
  };
  const eom = (y: number, m: number): number => dayNum(y, m, lastDayOfMonth(y, m));

  const before = addMonths(cfg.startYear, cfg.startMonth, -1);
  add(
    'IN',
    before.y,
    before.m,
    dayNum(before.y, 1, 1),
    eom(before.y, before.m),
    eom(before.y, before.m),
    -1,
    before.y,
    `Saldos iniciales ${before.y}`,
  );

  const pe: PaymentSpec[] = [];
  const vi: PaymentSpec[] = [];
  let anticipo: PaymentSpec | null = null;
  for (let k = 0; k < cfg.months; k++) {
    const { y, m } = addMonths(cfg.startYear, cfg.startMonth, k);
    const mName = MONTH_NAMES[m - 1];
    if (m === 1)
      add('IC', y, 1, dayNum(y - 1, 1, 1), dayNum(y - 1, 12, 31), dayNum(y, 1, 31), k, y - 1, `Intereses sobre cesantías año ${y - 1}`);
    if (m === 2)
      add('CE', y, 2, dayNum(y - 1, 1, 1), dayNum(y - 1, 12, 31), dayNum(y, 2, 14), k, y - 1, `Consignación de cesantías año ${y - 1}`);
    if (m === 3)
      add(
        'DV',
        y,
        3,
        dayNum(y, 3, 1),
        dayNum(y, 3, 31),
        dayNum(y, 4, 5),
        k,
        y,
        `Bonificación por desempeño ${y} - Administrativos`,
        groups.adm,
      );
    if (m === 6) add('PR', y, 6, dayNum(y, 1, 1), dayNum(y, 6, 30), dayNum(y, 6, 30), k, y, `Prima de servicios primer semestre ${y}`);
    if (m === 7)
      vi.push(add('VI', y, 7, dayNum(y, 7, 1), dayNum(y, 7, 31), dayNum(y, 7, 31), k, y, `Pago virtual de vacaciones julio ${y}`));
    if (m === 9) add('NE', y, 9, dayNum(y, 9, 1), dayNum(y, 9, 30), dayNum(y, 10, 3), k, y, `Ajuste nómina electrónica septiembre ${y}`);
    if (m === 12) {
      anticipo = add(
        'AN',
        y,
        12,
        dayNum(y, 12, 1),
        dayNum(y, 12, 15),
        dayNum(y, 12, 15),
        k,
        y,
        `Anticipo de nómina diciembre ${y} - Operativos`,
        groups.ope,
      );
      add('PR', y, 12, dayNum(y, 7, 1), dayNum(y, 12, 31), dayNum(y, 12, 20), k, y, `Prima de servicios segundo semestre ${y}`);
    }
    const p = add('PE', y, m, dayNum(y, m, 1), eom(y, m), eom(y, m), k, y, `Nómina mensual ${mName} ${y}`);
    if (m === 12) p.anticipo = anticipo;
    pe.push(p);
    if (retireMonths.has(y * 12 + m)) {
      const nm = addMonths(y, m, 1);
      add('LD', y, m, dayNum(y, m, 1), eom(y, m), dayNum(nm.y, nm.m, 5), k, y, `Liquidaciones definitivas de contrato ${mName} ${y}`);
    }
  }
  if (withTiny && pe.length > 0) pe[0].tiny = true;

  // States: the newest payrolls are still being prepared; old ones are paid and final.
  const setState = (s: PaymentSpec | undefined, estado: EstadoPago, definitivo: boolean): void => {
    if (!s) return;
    s.estado = estado;
    s.definitivo = definitivo;
  };
  setState(pe[pe.length - 1], 'EP', false);
  setState(pe[pe.length - 2], 'PA', false);
  setState(pe[pe.length - 3], 'PP', true);
  vi.forEach((s, i) => setState(s, i % 2 === 0 ? 'AN' : 'RE', false));

  for (const s of specs) {
    if (s.tipo === 'IN') {
      s.pendienteGenerarIngreso = null;
      s.ingresoConErrores = null;
    } else if (s.ano < last.y) {
      // older payments predate those columns: left out, so the importer stores null
    } else if (s.estado === 'EP' || s.estado === 'PA' || s.estado === 'RE' || s.estado === 'AN') {
      s.pendienteGenerarIngreso = true;
      s.ingresoConErrores = null;
    } else {
      s.pendienteGenerarIngreso = false;
      s.ingresoConErrores = s.idx % 5 === 0;
    }
    s.egresoConErrores = s.estado === 'PG' && s.idx % 23 === 11;
  }
  return specs;
}

// ---------------------------------------------------------------------------------------------
// Who is paid, and for how many days

function clampDays(d: number, max: number): number {
  return d < 1 ? 1 : d > max ? max : d;
}

/** Days paid to bond b in payment s, 0 when the bond has no payslip in it. */
export function eligibleDays(s: PaymentSpec, b: Bond): number {
  switch (s.tipo) {
    case 'PE': {
      if (b.ing > s.hasta || b.ret < s.desde) return 0;
      const a = b.ing > s.desde ? b.ing - s.desde + 1 : 1;
      const startD = a === 31 ? 30 : a;
      const endD = b.ret < s.hasta ? Math.min(b.ret - s.desde + 1, 30) : 30;
      return clampDays(endD - startD + 1, 30);
    }
    case 'PR':
    case 'CE':
    case 'IC': {
      if (b.integral || b.appr !== 0 || b.ing > s.hasta || b.ret <= s.hasta) return 0;
      const from = b.ing > s.desde ? b.ingYmd : s.desdeYmd;
      return clampDays(days360(from, s.hastaYmd), s.tipo === 'PR' ? 180 : 360);
    }
    case 'LD': {
      if (!b.retYmd || b.ret < s.desde || b.ret > s.hasta) return 0;
      const jan1 = dayNum(s.ano, 1, 1);
      const from = b.ing > jan1 ? b.ingYmd : { y: s.ano, m: 1, d: 1, eom: false };
      return clampDays(days360(from, b.retYmd), 360);
    }
    case 'AN':
      return b.ope && b.appr === 0 && !b.integral && b.ing <= s.desde && b.ret >= s.hasta ? 15 : 0;
    case 'DV':
      return !b.ope && b.appr === 0 && b.ing <= s.desde && b.ret >= s.hasta ? 30 : 0;
    case 'NE':
      return b.appr === 0 && b.ing <= s.desde && b.ret >= s.hasta && hash32(b.h, s.ano, 9) % 12 === 0 ? 30 : 0;
    case 'VI':
      return b.ope && b.appr === 0 && b.ing <= s.desde && b.ret >= s.hasta && hash32(b.h, s.ano, 7) % 8 === 0 ? 15 : 0;
    case 'IN': {
      if (b.ing > s.hasta || b.ret < s.hasta) return 0;
      const from = b.ing > s.desde ? b.ingYmd : s.desdeYmd;
      return clampDays(days360(from, s.hastaYmd), 360);
    }
    default:
      return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Which lines a payslip has (S stream only)

export interface LineBuffer {
  conc: Uint8Array;
  qty: Int32Array;
}

export function newLineBuffer(): LineBuffer {
  return { conc: new Uint8Array(64), qty: new Int32Array(64) };
}

function salaryConcept(b: Bond): number {
  return b.appr !== 0 ? C.APOYO_SENA : b.integral ? C.INTEGRAL : C.SUELDO;
}

function salaryOf(b: Bond, year: number): number {
  return b.sal[Math.min(Math.max(year - FIRST_WAGE_YEAR, 0), b.sal.length - 1)];
}

/** Fills buf with the concepts (and day quantities) of bond b's payslip; returns the line count. */
export function planLines(s: PaymentSpec, b: Bond, days: number, S: Rng, buf: LineBuffer): number {
  const conc = buf.conc;
  const qty = buf.qty;
  let n = 0;
  const push = (c: number, q: number): void => {
    conc[n] = c;
    qty[n++] = q;
  };
  const y = s.year;
  const sal = salaryOf(b, y);
  const sm = smmlv(y);
  const worker = b.appr === 0;
  const auxOk = worker && !b.integral && sal <= 2 * sm;
  const taxed = b.integral || sal >= 5.5 * sm;
  switch (s.tipo) {
    case 'PE': {
      push(salaryConcept(b), days);
      if (auxOk) push(C.AUX, days);
      let off = 0;
      if (worker) {
        if (days >= 10 && S.float() < 0.035) {
          const k = 1 + S.int(5);
          push(C.INCAPACIDAD, k);
          off += k;
        }
        if (days >= 25 && S.float() < 0.04) {
          const k = 5 + S.int(11);
          push(C.VACACIONES, k);
          off += k;
        }
      }
      qty[0] = days - off;
      if (b.ot > 0) {
        const slots = Math.round((26 * days) / 30);
        for (let i = 0; i < slots; i++) {
          if (S.float() < b.ot) {
            const x = S.float();
            push(x < 0.4 ? C.HED : x < 0.55 ? C.HEN : x < 0.8 ? C.RN : x < 0.9 ? C.HEDF : C.RDF, 0);
          }
        }
      } else if (worker && !b.integral && S.float() < 0.12) {
        push(C.HED, 0);
      }
      if (b.com) push(C.COMISION, 0);
      if (worker) {
        if (S.float() < 0.05) push(C.BONIF_S, 0);
        if (S.float() < 0.07) push(C.BONIF_NS, 0);
      }
      if (b.food) push(C.ALIMENTACION, 0);
      if (worker) {
        push(C.SALUD, 0);
        push(C.PENSION, 0);
        if (sal >= 4 * sm) push(C.FSP, 0);
        if (taxed) push(C.RETENCION, 0);
      }
      if (s.k >= b.loanStart && s.k < b.loanEnd) push(C.PRESTAMO, 0);
      if (b.libr) push(C.LIBRANZA, 0);
      if (b.vol) push(C.VOLUNTARIO, 0);
      if (b.coop) push(C.COOPERATIVA, 0);
      if (b.emb) push(C.EMBARGO, 0);
      if (b.prep) push(C.PREPAGADA, 0);
      if (s.anticipo && eligibleDays(s.anticipo, b) > 0) push(C.DESC_ANTICIPO, 0);
      break;
    }
    case 'PR':
      push(C.PRIMA, days);
      push(C.REINTEGRO, 0);
      break;
    case 'CE':
      push(C.CESANTIAS, days);
      break;
    case 'IC':
      push(C.INT_CESANTIAS, days);
      break;
    case 'LD': {
      if (worker && !b.integral) {
        const r = b.retYmd as Ymd;
        const semStart = r.m <= 6 ? 1 : 7;
        const from = b.ing > dayNum(r.y, semStart, 1) ? b.ingYmd : { y: r.y, m: semStart, d: 1, eom: false };
        push(C.PRIMA, clampDays(days360(from, r), 180));
        push(C.CESANTIAS, days);
        push(C.INT_CESANTIAS, days);
      }
      push(C.VAC_COMPENSADAS, 1 + S.int(15));
      if (S.float() < 0.3) push(C.INDEMNIZACION, 15 + S.int(60));
      if (taxed) push(C.RETENCION, 0);
      if (s.k >= b.loanStart && s.k < b.loanEnd) push(C.PRESTAMO, 0);
      break;
    }
    case 'AN':
      push(C.ANTICIPO, 15);
      break;
    case 'DV':
      push(C.BONIF_NS, 0);
      if (taxed) push(C.RETENCION, 0);
      break;
    case 'NE':
      push(C.HED, 0);
      push(C.SALUD, 0);
      push(C.PENSION, 0);
      break;
    case 'VI':
      push(C.VACACIONES, days);
      push(C.SALUD, 0);
      push(C.PENSION, 0);
      break;
    case 'IN':
      push(salaryConcept(b), days);
      if (auxOk) push(C.AUX, days);
      if (worker) {
        push(C.SALUD, 0);
        push(C.PENSION, 0);
      }
      break;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Amounts (V stream), in integer cents

/** Overtime hours in 1/10000 h: halves and quarters mostly, some odd fractions. */
const HOURS = [10000, 10000, 15000, 20000, 20000, 25000, 30000, 40000, 5000, 12500, 27500, 33333, 17500, 22500];
const OVERTIME_FACTOR: Record<number, number> = {
  [C.HED]: 1.25,
  [C.HEN]: 1.75,
  [C.RN]: 0.35,
  [C.HEDF]: 2.0,
  [C.RDF]: 0.75,
};

function anticipoCents(b: Bond, y: number): number {
  return Math.round((salaryOf(b, y) * 0.4) / 1000) * 100_000;
}

function fspRate(ibcC: number, smC: number): number {
  const x = ibcC / smC;
  return x >= 20 ? 0.02 : x >= 19 ? 0.018 : x >= 18 ? 0.016 : x >= 17 ? 0.014 : x >= 16 ? 0.012 : 0.01;
}

/** Monthly withholding (procedimiento 1, art. 383 E.T.) on 75 % of the net taxable income. */
function retencionCents(baseC: number, y: number): number {
  const u = uvt(y);
  const bu = (baseC * 0.75) / 100 / u;
  let r = 0;
  if (bu > 2300) r = (bu - 2300) * 0.39 + 770;
  else if (bu > 945) r = (bu - 945) * 0.37 + 268;
  else if (bu > 640) r = (bu - 640) * 0.35 + 162;
  else if (bu > 360) r = (bu - 360) * 0.33 + 69;
  else if (bu > 150) r = (bu - 150) * 0.28 + 10;
  else if (bu > 95) r = (bu - 95) * 0.19;
  return Math.max(1000, Math.round((r * u) / 1000) * 1000) * 100;
}

function buildPayslip(
  s: PaymentSpec,
  b: Bond,
  days: number,
  buf: LineBuffer,
  n: number,
  V: Rng,
  U: UuidPool,
  tiny: { pending: boolean },
): PagoEmpleadoInput {
  const y = s.year;
  const sal = salaryOf(b, y);
  const salC = sal * 100;
  const smC = smmlv(y) * 100;
  const auxC = auxTransporte(y) * 100;
  const primaBase = salC + (b.appr === 0 && !b.integral && sal <= 2 * smmlv(y) ? auxC : 0);
  const capC = 25 * smC;
  let ibc = 0;
  let dev = 0;
  let ss = 0;
  const detalles: DetalleInput[] = new Array<DetalleInput>(n);
  for (let i = 0; i < n; i++) {
    const c = buf.conc[i];
    const q = buf.qty[i];
    let v: number;
    let cantidad = q;
    switch (c) {
      case C.SUELDO:
      case C.INTEGRAL:
      case C.APOYO_SENA:
      case C.VACACIONES:
      case C.VAC_COMPENSADAS:
      case C.INDEMNIZACION:
        v = Math.round((salC * q) / 30);
        break;
      case C.AUX:
        v = Math.round((auxC * q) / 30);
        break;
      case C.HED:
      case C.HEN:
      case C.RN:
      case C.HEDF:
      case C.RDF: {
        let h = HOURS[V.int(HOURS.length)];
        if (tiny.pending) {
          h = 5;
          tiny.pending = false;
        }
        v = Math.round((salC * OVERTIME_FACTOR[c] * h) / 2_400_000);
        cantidad = h / 10000;
        break;
      }
      case C.COMISION:
        v = Math.round((salC * (0.03 + 0.22 * V.float())) / 100) * 100;
        break;
      case C.BONIF_S:
        v = Math.round((sal * (0.05 + 0.15 * V.float())) / 1000) * 100_000;
        break;
      case C.BONIF_NS:
        v = s.tipo === 'DV' ? Math.round((sal * (0.2 + 0.4 * V.float())) / 1000) * 100_000 : V.range(10, 50) * 1_000_000;
        break;
      case C.ALIMENTACION:
        v = b.food * 100;
        break;
      case C.INCAPACIDAD:
        v = Math.round((salC * q * 2) / 90);
        break;
      case C.PRIMA:
      case C.CESANTIAS:
        v = Math.round((primaBase * q) / 360);
        break;
      case C.INT_CESANTIAS:
        v = Math.round((Math.round((primaBase * q) / 360) * 0.12 * q) / 360);
        break;
      case C.ANTICIPO:
      case C.DESC_ANTICIPO:
        v = anticipoCents(b, y);
        break;
      case C.SALUD:
      case C.PENSION:
        v = Math.round(Math.min(ibc, capC) * 0.04);
        ss += v;
        break;
      case C.FSP:
        v = Math.round(Math.min(ibc, capC) * fspRate(ibc, smC));
        ss += v;
        break;
      case C.RETENCION:
        v = s.tipo === 'PE' ? retencionCents(dev - ss, y) : Math.round((dev * 0.1) / 100_000) * 100_000;
        break;
      case C.PRESTAMO:
        v = b.loanAmt * 100 * (s.tipo === 'LD' ? 3 : 1);
        break;
      case C.LIBRANZA:
        v = b.libr * 100;
        break;
      case C.VOLUNTARIO:
        v = Math.round(salC * b.vol);
        break;
      case C.COOPERATIVA:
        v = Math.round(salC * 0.02);
        break;
      case C.EMBARGO:
        v = Math.round(salC * b.emb);
        break;
      case C.PREPAGADA:
        v = b.prep * 100;
        break;
      case C.REINTEGRO:
        // Refund of over-withheld contributions: a negative deduction, so prima totals go negative.
        v = -Math.max(100_000, Math.round(dev * (0.005 + 0.025 * V.float())));
        break;
      default:
        v = 0;
    }
    if (c <= C.ANTICIPO) {
      dev += v;
      if (CONCEPT_IS_BASE[c]) ibc += c === C.INTEGRAL ? Math.round(v * 0.7) : v;
    }
    const uuid = U.next();
    detalles[i] =
      cantidad > 0 ? { uuid, concepto: CONCEPT_CODES[c], cantidad, valor: v / 100 } : { uuid, concepto: CONCEPT_CODES[c], valor: v / 100 };
  }
  const uuid = U.next();
  return s.tipo === 'DV'
    ? { uuid, vinculacion: b.uuid, salarioBase: sal, detalles }
    : { uuid, vinculacion: b.uuid, salarioBase: sal, diasTrabajados: days, detalles };
}

// ---------------------------------------------------------------------------------------------
// The lazy collection and its counter

export function* generatePagos(plan: PayrollPlan): Generator<PagoInput> {
  const buf = newLineBuffer();
  for (const s of plan.specs) {
    const S = rngFor(plan.seed, plan.tenantIndex, TAG_PAY_S, s.idx);
    const V = rngFor(plan.seed, plan.tenantIndex, TAG_PAY_V, s.idx);
    const U = new UuidPool(rngFor(plan.seed, plan.tenantIndex, TAG_PAY_U, s.idx));
    const uuid = uuidFrom(V);
    const tiny = { pending: s.tiny };
    const empleados: PagoEmpleadoInput[] = [];
    for (const b of plan.bonds) {
      const days = eligibleDays(s, b);
      if (days === 0) continue;
      const n = planLines(s, b, days, S, buf);
      empleados.push(buildPayslip(s, b, days, buf, n, V, U, tiny));
    }
    const pago: PagoInput = {
      uuid,
      ano: s.ano,
      mes: s.mes,
      descripcion: s.descripcion,
      fechaDesde: isoDate(s.desde),
      fechaHasta: isoDate(s.hasta),
      fechaPago: isoDate(s.pago),
      estado: s.estado,
      tipoPago: s.tipo,
      definitivo: s.definitivo,
      incluirPrima: s.tipo === 'PR',
      incluirInteresesCesantias: s.tipo === 'IC',
      generoPlano: s.estado === 'PG',
      egresoConErrores: s.egresoConErrores,
      pendienteGenerarEgreso: s.estado === 'PP',
      grupoPago: s.grupoPago,
      empleados,
    };
    if (s.pendienteGenerarIngreso !== undefined) pago.pendienteGenerarIngreso = s.pendienteGenerarIngreso;
    if (s.ingresoConErrores !== undefined) pago.ingresoConErrores = s.ingresoConErrores;
    yield pago;
  }
}

export interface PagosCount {
  pagos: number;
  pagosEmpleado: number;
  lineas: number;
}

export function countPagos(plan: PayrollPlan): PagosCount {
  const buf = newLineBuffer();
  let payslips = 0;
  let lines = 0;
  for (const s of plan.specs) {
    const S = rngFor(plan.seed, plan.tenantIndex, TAG_PAY_S, s.idx);
    for (const b of plan.bonds) {
      const days = eligibleDays(s, b);
      if (days === 0) continue;
      payslips++;
      lines += planLines(s, b, days, S, buf);
    }
  }
  return { pagos: plan.specs.length, pagosEmpleado: payslips, lineas: lines };
}
