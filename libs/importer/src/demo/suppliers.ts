import type { EstablecimientoInput, ProveedorInput, Ubicacion } from '../dataset.types';
import { CITIES, COMPANY_PLACES, COMPANY_SUFFIXES, COMPANY_WORDS, FIRST_NAMES, STREET_TYPES, SURNAMES, TRADE_NAMES } from './catalogs';
import { Rng } from './prng';

const DIAN_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** DIAN check digit of a NIT (digits only, at most 15). */
export function dianCheckDigit(nit: string): string {
  let sum = 0;
  for (let i = 0; i < nit.length; i++) sum += Number(nit[nit.length - 1 - i]) * DIAN_WEIGHTS[i];
  const r = sum % 11;
  return String(r > 1 ? 11 - r : r);
}

/** Records per supplier identity on average (entries per identity × establishments per entry). */
export const RECORDS_PER_IDENTITY = 1.35 * 1.7;

type Kind = 'NIT' | 'NIT_CORTO' | 'CC' | 'NIT_PN' | 'CE' | 'PA' | 'NIT_EXTRANJERO';

/** Identifications of very different lengths so text order differs from numeric order. */
const SPECIALS: ReadonlyArray<{ id: string; kind: Kind; where: 'both' | 'DEFINITIVA' | 'ENTRADA' }> = [
  { id: '100', kind: 'NIT_CORTO', where: 'both' },
  { id: '1000', kind: 'CC', where: 'ENTRADA' },
  { id: '799', kind: 'CE', where: 'DEFINITIVA' },
  { id: '800999', kind: 'NIT_CORTO', where: 'both' },
];

function slug(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 20);
}

function randomId(r: Rng, kind: Kind): string {
  switch (kind) {
    case 'NIT':
      return String(r.pick([800, 811, 830, 860, 890, 900, 900, 901, 901]) * 1_000_000 + r.int(1_000_000));
    case 'NIT_CORTO':
      return String(r.range(100, 99_999_999));
    case 'CC':
    case 'NIT_PN':
      return r.chance(0.5) ? String(1_000_000_000 + r.int(130_000_000)) : String(r.range(1_000_000, 99_999_999));
    case 'CE':
      return String(r.range(100_000, 9_999_999));
    case 'PA':
      return `${String.fromCharCode(65 + r.int(26))}${String.fromCharCode(65 + r.int(26))}${r.range(100_000, 999_999)}`;
    case 'NIT_EXTRANJERO':
      return `EX${r.range(10_000_000, 99_999_999)}`;
  }
}

function randomKind(r: Rng): Kind {
  const x = r.float();
  return x < 0.62
    ? 'NIT'
    : x < 0.68
      ? 'NIT_CORTO'
      : x < 0.86
        ? 'CC'
        : x < 0.92
          ? 'NIT_PN'
          : x < 0.96
            ? 'CE'
            : x < 0.98
              ? 'PA'
              : 'NIT_EXTRANJERO';
}

function establishments(r: Rng, count: number, razon: string): EstablecimientoInput[] {
  const out: EstablecimientoInput[] = [];
  const domain = `${slug(razon) || 'proveedor'}.com.co`;
  let code = 0;
  for (let j = 0; j < count; j++) {
    code += r.chance(0.1) ? 2 : 1;
    const [ciudad, prefix] = r.pick(CITIES);
    const e: EstablecimientoInput = {
      codigo: String(code).padStart(3, '0'),
      nombre: j === 0 ? 'Principal' : `${r.pick(['Sede', 'Bodega', 'Punto de venta'])} ${ciudad}`,
    };
    const x = r.float();
    if (x < 0.05) {
      // bare establishment: only code and name
    } else {
      const suffix = r.chance(0.2) ? r.pick(['A', 'B', 'C', ' Bis']) : '';
      e.direccion = r.chance(0.93) ? `${r.pick(STREET_TYPES)} ${r.range(1, 150)}${suffix} # ${r.range(1, 120)}-${r.range(1, 99)}` : null;
      e.ciudad = ciudad;
      e.telefono = r.chance(0.8)
        ? r.chance(0.6)
          ? `${prefix}${r.range(2_000_000, 8_999_999)}`
          : `3${r.range(100_000_000, 249_999_999)}`
        : null;
      e.email = r.chance(0.7) ? `${r.pick(['contacto', 'compras', 'ventas', 'facturacion', 'cartera'])}@${domain}` : null;
    }
    out.push(e);
  }
  return out;
}

function establishmentCount(r: Rng): number {
  const x = r.float();
  return x < 0.5 ? 1 : x < 0.8 ? 2 : 3;
}

export function generateProveedores(r: Rng, identities: number, withSpecials: boolean): ProveedorInput[] {
  const out: ProveedorInput[] = [];
  const used = new Set<string>();
  for (let i = 0; i < identities; i++) {
    const special = withSpecials && i < SPECIALS.length ? SPECIALS[i] : null;
    const kind = special ? special.kind : randomKind(r);
    let id = special ? special.id : randomId(r, kind);
    while (used.has(id.toUpperCase())) id = randomId(r, kind);
    used.add(id.toUpperCase());

    const person = kind === 'CC' || kind === 'NIT_PN' || kind === 'CE' || kind === 'PA';
    let razonSocial: string;
    let razonEntrada: string;
    if (person) {
      razonSocial = razonEntrada = `${r.pick(FIRST_NAMES)} ${r.pick(SURNAMES)} ${r.pick(SURNAMES)}`;
    } else {
      const base = `${r.pick(COMPANY_WORDS)} ${r.pick(COMPANY_PLACES)}`;
      const suffix = r.pick(COMPANY_SUFFIXES);
      razonSocial = `${base} ${suffix}`;
      // A pending change of company type, still in the entry tables.
      razonEntrada = `${base} ${suffix === 'S.A.S.' ? 'S.A.' : 'S.A.S.'}`;
    }
    const tipoIdentificacion: ProveedorInput['tipoIdentificacion'] =
      kind === 'NIT' || kind === 'NIT_CORTO' || kind === 'NIT_PN' ? 'NIT' : kind === 'NIT_EXTRANJERO' ? 'NIT_EXTRANJERO' : kind;
    const digito = tipoIdentificacion === 'NIT' ? dianCheckDigit(id) : null;

    let where: 'both' | Ubicacion;
    if (special) where = special.where;
    else {
      const x = r.float();
      where = x < 0.4 ? 'DEFINITIVA' : x < 0.65 ? 'ENTRADA' : 'both';
    }
    const make = (ubicacion: Ubicacion, razon: string): ProveedorInput => {
      const p: ProveedorInput = {
        identificacion: id,
        tipoIdentificacion,
        razonSocial: razon,
        ubicacion,
        establecimientos: establishments(r, establishmentCount(r), razon),
      };
      // The check digit and trade name are sometimes null, sometimes left out.
      if (digito !== null || r.chance(0.5)) p.digitoVerificacion = digito;
      const tn = r.float();
      if (tn < 0.6) p.nombreComercial = r.pick(TRADE_NAMES);
      else if (tn < 0.8) p.nombreComercial = null;
      return p;
    };
    if (where !== 'ENTRADA') out.push(make('DEFINITIVA', razonSocial));
    // The entry tables hold a pending (different) version; the definitive one wins in the API.
    if (where !== 'DEFINITIVA') out.push(make('ENTRADA', where === 'both' ? razonEntrada : razonSocial));
  }
  return out;
}
