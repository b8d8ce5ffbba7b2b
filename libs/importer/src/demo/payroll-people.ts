import type { EmpleadoInput, TipoDocumento, VinculacionInput } from '../dataset.types';
import { NO_DATE, Ymd, dayNum, isoDate, lastDayOfMonth, ymd } from './calendar';
import { COMPOUND_FIRST_NAMES, FIRST_NAMES, FIRST_WAGE_YEAR, LAST_WAGE_YEAR, SURNAMES, smmlv } from './catalogs';
import { Rng, hash32, uuidFrom } from './prng';

/** A labor bond with everything the payment generator needs precomputed. */
export interface Bond {
  idx: number;
  uuid: string;
  ing: number;
  ingYmd: Ymd;
  /** NO_DATE when the bond is open */
  ret: number;
  retYmd: Ymd | null;
  integral: boolean;
  /** 0, or the apprentice contributor type 12 / 19 */
  appr: number;
  /** Operativos (true) or Administrativos */
  ope: boolean;
  /** salary in pesos per year, index year - FIRST_WAGE_YEAR */
  sal: number[];
  /** probability of an overtime novelty per slot (0 = never) */
  ot: number;
  com: boolean;
  food: number;
  /** loan active in period months [loanStart, loanEnd) */
  loanStart: number;
  loanEnd: number;
  loanAmt: number;
  libr: number;
  vol: number;
  coop: boolean;
  emb: number;
  prep: number;
  /** stable per-bond hash for occasional selections */
  h: number;
}

export interface PeriodCfg {
  employees: number;
  /** first month of the period */
  startYear: number;
  startMonth: number;
  months: number;
}

type Profile =
  | 'current'
  | 'hiredIn'
  | 'retiredIn'
  | 'retiredBefore'
  | 'twoBonds'
  | 'future'
  | 'futureRetiro'
  | 'integral'
  | 'esteban'
  | 'high'
  | 'appr12'
  | 'appr19'
  | 'partTime'
  | 'minWage';

/** The first employees of an active tenant get these, so every edge case exists at every scale. */
const FORCED: Profile[] = [
  'esteban',
  'twoBonds',
  'retiredIn',
  'future',
  'retiredBefore',
  'futureRetiro',
  'hiredIn',
  'appr12',
  'appr19',
  'partTime',
  'integral',
  'high',
  'retiredIn',
  'minWage',
];

interface Draft {
  ing: number;
  ret: number;
  salRef: number;
  kind: 'normal' | 'integral' | 'fixed' | 'minWage' | 'appr12' | 'appr19' | 'partTime';
  ope: boolean;
}

function round1000(x: number): number {
  return Math.round(x / 1000) * 1000;
}

function monthEndOf(day: number): number {
  const t = ymd(day);
  return dayNum(t.y, t.m, lastDayOfMonth(t.y, t.m));
}

export interface PeopleResult {
  empleados: EmpleadoInput[];
  bonds: Bond[];
}

export function generatePeople(r: Rng, cfg: PeriodCfg, forced: boolean, allowSpecial: boolean): PeopleResult {
  const S = dayNum(cfg.startYear, cfg.startMonth, 1);
  const endYm = {
    y: cfg.startYear + Math.floor((cfg.startMonth - 1 + cfg.months - 1) / 12),
    m: ((cfg.startMonth - 1 + cfg.months - 1) % 12) + 1,
  };
  const E = dayNum(endYm.y, endYm.m, lastDayOfMonth(endYm.y, endYm.m));
  const periodDays = E - S + 1;
  const empleados: EmpleadoInput[] = [];
  const bonds: Bond[] = [];
  const usedIds = new Set<string>();

  const hireBefore = (): number => S - r.range(20, 3650);
  const retireAt = (day: number): number => (r.chance(0.45) ? monthEndOf(day) : day);

  for (let i = 0; i < cfg.employees; i++) {
    let profile: Profile = forced && i < FORCED.length ? FORCED[i] : randomProfile(r);
    if (profile === 'esteban' && !allowSpecial) profile = 'integral';

    // ---- person
    const tipoDocumento: TipoDocumento =
      forced && i === 2 ? 'CE' : forced && i === 3 ? 'PPT' : forced && i === 4 ? 'PEP' : randomDocType(r);
    let identificacion: string;
    do identificacion = randomDocNumber(r, tipoDocumento);
    while (usedIds.has(identificacion));
    usedIds.add(identificacion);
    let nombres: string;
    let apellidos: string;
    if (profile === 'esteban') {
      nombres = 'Esteban';
      apellidos = 'Pérez Zapata';
    } else {
      nombres = r.chance(0.25) ? r.pick(COMPOUND_FIRST_NAMES) : r.pick(FIRST_NAMES);
      const s1 = r.pick(SURNAMES);
      let s2 = r.pick(SURNAMES);
      if (s2 === s1) s2 = SURNAMES[(SURNAMES.indexOf(s1) + 7) % SURNAMES.length];
      apellidos = tipoDocumento !== 'CC' && r.chance(0.4) ? s1 : `${s1} ${s2}`;
    }
    const empUuid = uuidFrom(r);

    // ---- bonds
    const drafts: Draft[] = [];
    const regular = (ing: number, ret: number): Draft => ({ ing, ret, ...randomSalary(r) });
    switch (profile) {
      case 'current':
        drafts.push(regular(hireBefore(), NO_DATE));
        break;
      case 'hiredIn':
        drafts.push(regular(S + r.int(Math.max(1, periodDays - 20)), NO_DATE));
        break;
      case 'retiredIn': {
        const ing = hireBefore();
        drafts.push(regular(ing, retireAt(Math.max(ing + 60, S + r.range(25, periodDays - 35)))));
        break;
      }
      case 'retiredBefore': {
        const ing = S - r.range(900, 3650);
        drafts.push(regular(ing, retireAt(Math.max(ing + 90, S - r.range(40, 800)))));
        break;
      }
      case 'twoBonds': {
        const ing1 = hireBefore();
        const ret1 = retireAt(Math.max(ing1 + 60, S + r.range(10, Math.floor(periodDays * 0.4))));
        const first = regular(ing1, ret1);
        if (r.chance(0.5)) {
          first.kind = 'appr19';
          first.ope = true;
        }
        drafts.push(first);
        const ing2 = Math.min(ret1 + r.range(60, 240), E - 10);
        drafts.push(regular(ing2, NO_DATE));
        break;
      }
      case 'future':
        drafts.push(regular(dayNum(2027, r.range(1, 6), r.range(1, 28)), NO_DATE));
        break;
      case 'futureRetiro': {
        const m = r.range(1, 12);
        drafts.push(regular(hireBefore(), dayNum(2027, m, lastDayOfMonth(2027, m))));
        break;
      }
      case 'integral':
        drafts.push({
          ing: hireBefore(),
          ret: NO_DATE,
          salRef: round1000(smmlv(2025) * 13 + r.range(0, 22_000_000)),
          kind: 'integral',
          ope: false,
        });
        break;
      case 'esteban':
        // Integral salary written 1.8404777E7 by the legacy serializer; retired with a final settlement.
        drafts.push({ ing: dayNum(2021, 5, 22), ret: dayNum(2024, 12, 31), salRef: 18_404_777, kind: 'fixed', ope: false });
        break;
      case 'high':
        drafts.push({ ing: hireBefore(), ret: NO_DATE, salRef: round1000(10_000_000 + r.range(0, 6_000_000)), kind: 'normal', ope: false });
        break;
      case 'appr12':
        drafts.push({ ing: S + r.int(Math.max(1, periodDays - 200)), ret: NO_DATE, salRef: 0, kind: 'appr12', ope: true });
        break;
      case 'appr19':
        drafts.push({ ing: hireBefore(), ret: NO_DATE, salRef: 0, kind: 'appr19', ope: true });
        break;
      case 'partTime':
        drafts.push({ ing: hireBefore(), ret: NO_DATE, salRef: 0, kind: 'partTime', ope: true });
        break;
      case 'minWage':
        drafts.push({ ing: hireBefore(), ret: NO_DATE, salRef: 0, kind: 'minWage', ope: true });
        break;
    }

    const vinculaciones: VinculacionInput[] = [];
    for (const dr of drafts) {
      const b = makeBond(r, dr, bonds.length, cfg, S);
      bonds.push(b);
      const refYear = bondRefYear(dr);
      const v: VinculacionInput = {
        uuid: b.uuid,
        fechaIngreso: isoDate(dr.ing),
        fechaRetiro: dr.ret === NO_DATE ? null : isoDate(dr.ret),
        salarioBase: b.sal[refYear - FIRST_WAGE_YEAR],
        salarioIntegral: b.integral,
        tipoCotizante: dr.kind === 'appr12' ? '12' : dr.kind === 'appr19' ? '19' : dr.kind === 'partTime' ? '51' : '01',
      };
      // An open bond sometimes leaves fechaRetiro out instead of writing null.
      if (v.fechaRetiro === null && (b.h & 3) === 0) delete v.fechaRetiro;
      vinculaciones.push(v);
    }
    empleados.push({ uuid: empUuid, tipoDocumento, identificacion, nombres, apellidos, vinculaciones });
  }
  return { empleados, bonds };
}

function randomProfile(r: Rng): Profile {
  const x = r.float();
  if (x < 0.66) return 'current';
  if (x < 0.78) return 'hiredIn';
  if (x < 0.86) return 'retiredIn';
  if (x < 0.89) return 'retiredBefore';
  if (x < 0.93) return 'twoBonds';
  if (x < 0.945) return 'future';
  if (x < 0.955) return 'futureRetiro';
  if (x < 0.975) return 'integral';
  if (x < 0.985) return 'appr19';
  if (x < 0.99) return 'appr12';
  return 'partTime';
}

function randomDocType(r: Rng): TipoDocumento {
  const x = r.float();
  return x < 0.9 ? 'CC' : x < 0.95 ? 'CE' : x < 0.98 ? 'PPT' : 'PEP';
}

function randomDocNumber(r: Rng, t: TipoDocumento): string {
  switch (t) {
    case 'CC': {
      const x = r.float();
      if (x < 0.45) return String(1_000_000_000 + r.int(130_000_000)); // 10-digit cédulas (10xx...)
      if (x < 0.9) return String(r.range(10_000_000, 99_999_999));
      return String(r.range(1_000_000, 9_999_999));
    }
    case 'CE':
      return String(r.range(100_000, 9_999_999));
    case 'PPT':
      return String(r.range(1_000_000, 7_999_999));
    default:
      return String(r.range(100_000_000, 9_999_999_999));
  }
}

function randomSalary(r: Rng): Pick<Draft, 'salRef' | 'kind' | 'ope'> {
  const x = r.float();
  if (x < 0.3) return { salRef: 0, kind: 'minWage', ope: r.chance(0.85) };
  let salRef: number;
  if (x < 0.72) salRef = round1000(1_600_000 * Math.pow(3_500_000 / 1_600_000, r.float()));
  else if (x < 0.92) salRef = round1000(3_500_000 * Math.pow(8_000_000 / 3_500_000, r.float()));
  else salRef = round1000(8_000_000 * Math.pow(16_000_000 / 8_000_000, r.float()));
  return { salRef, kind: 'normal', ope: salRef < 3_500_000 ? r.chance(0.85) : r.chance(0.2) };
}

function bondRefYear(dr: Draft): number {
  const y = dr.ret === NO_DATE ? LAST_WAGE_YEAR : ymd(dr.ret).y;
  return Math.min(Math.max(y, FIRST_WAGE_YEAR), LAST_WAGE_YEAR);
}

function makeBond(r: Rng, dr: Draft, idx: number, cfg: PeriodCfg, S: number): Bond {
  const uuid = uuidFrom(r);
  const refYear = bondRefYear(dr);
  const sal: number[] = [];
  for (let y = FIRST_WAGE_YEAR; y <= LAST_WAGE_YEAR; y++) {
    const sm = smmlv(y);
    let s: number;
    switch (dr.kind) {
      case 'minWage':
        s = sm;
        break;
      case 'appr12':
        s = Math.round(sm * 0.75);
        break;
      case 'appr19':
        s = sm;
        break;
      case 'partTime':
        s = Math.round(sm / 2);
        break;
      case 'fixed':
        s = dr.salRef;
        break;
      default: {
        const raised = y >= refYear ? dr.salRef : round1000(dr.salRef / Math.pow(1.06, refYear - y));
        s = Math.max(raised, dr.kind === 'integral' ? Math.ceil((sm * 13) / 1000) * 1000 : sm);
      }
    }
    sal.push(s);
  }
  const integral = dr.kind === 'integral' || dr.kind === 'fixed';
  const appr = dr.kind === 'appr12' ? 12 : dr.kind === 'appr19' ? 19 : 0;
  const refSal = sal[refYear - FIRST_WAGE_YEAR];
  const refMin = smmlv(refYear);
  const worker = appr === 0;
  const ot = dr.ope && worker && !integral && refSal < 4 * refMin ? 0.45 + 0.5 * r.float() : 0;
  const hasLoan = worker && r.chance(0.22);
  const loanStart = hasLoan ? r.range(-12, cfg.months - 1) : 0;
  const monthsFromStart = Math.floor((dr.ing - S) / 30.4);
  return {
    idx,
    uuid,
    ing: dr.ing,
    ingYmd: ymd(dr.ing),
    ret: dr.ret,
    retYmd: dr.ret === NO_DATE ? null : ymd(dr.ret),
    integral,
    appr,
    ope: dr.ope,
    sal,
    ot,
    com: worker && !dr.ope && r.chance(0.12),
    food: r.chance(0.25) ? r.range(12, 25) * 10_000 : 0,
    loanStart: Math.max(loanStart, monthsFromStart),
    loanEnd: hasLoan ? Math.max(loanStart, monthsFromStart) + r.range(6, 24) : 0,
    loanAmt: r.range(5, 50) * 10_000,
    libr: worker && r.chance(0.1) ? r.range(8, 60) * 10_000 : 0,
    vol: worker && refSal > 5 * refMin && r.chance(0.3) ? r.range(3, 10) / 100 : 0,
    coop: worker && r.chance(0.12),
    emb: worker && r.chance(0.02) ? r.range(10, 20) / 100 : 0,
    prep: worker && refSal > 4 * refMin && r.chance(0.3) ? r.range(18, 45) * 10_000 : 0,
    h: hash32(idx, r.next()),
  };
}
