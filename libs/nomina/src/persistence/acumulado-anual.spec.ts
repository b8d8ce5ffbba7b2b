import { type PagoFrame, type PagoEmpleadoSums, AcumuladoAnual } from './acumulado-anual';
import { VinculacionRefs } from './load-empleados';

const uuidOf = (kind: number, n: number): string => {
  const h = kind.toString(16).padStart(8, '0') + n.toString(16).padStart(24, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

const frame = (n: number, fechaDesde: number): PagoFrame => ({
  key: uuidOf(3, n),
  bytes: new Uint8Array(16),
  fechaDesde,
  fechaPago: fechaDesde + 27,
  definitivo: true,
});

const sums = (dev: number): PagoEmpleadoSums => ({ dev, ded: 1, aportesDev: dev, aportesDed: 1, aportesLines: 2, abs: dev + 1 });

/**
 * A tenant's catalog stays with the load from its first payslip to its rollup rows: held as
 * typed arrays, a bounded number of bytes per bond (a tenant of 166,667 bonds held ~250 bytes per
 * bond in objects and string keys).
 */
describe('per-bond memory of the payroll load', () => {
  const BONDS = 50_000;
  const refs = new VinculacionRefs();
  for (let i = 0; i < BONDS; i++) refs.set(uuidOf(1, i), uuidOf(2, i));

  it('VinculacionRefs: bond numbers and uuid bytes in typed arrays, ≤ 200 bytes per bond', () => {
    expect(refs.size).toBe(BONDS);
    expect(refs.heldBytes / BONDS).toBeLessThanOrEqual(200);
    expect(refs.number(uuidOf(1, 777).toUpperCase())).toBe(777);
    expect(refs.number(uuidOf(2, 777))).toBe(-1);
    expect(refs.key(777)).toBe(uuidOf(1, 777));
    expect(refs.bytes.toString('hex', 777 * 32 + 16, 778 * 32)).toBe(uuidOf(2, 777).replace(/-/g, ''));
  });

  it('AcumuladoAnual: one row per bond and year in typed arrays, ≤ 130 bytes per bond, and the same rows', () => {
    const rollup = new AcumuladoAnual(refs.size, (n) => refs.key(n));
    const year = rollup.year(2024);
    const early = frame(1, 19_000);
    const late = frame(2, 19_030);
    const earlyId = rollup.payment(early.key);
    const lateId = rollup.payment(late.key);
    for (let b = 0; b < BONDS; b++) rollup.add(year, b, late, lateId, sums(100));
    for (let b = 0; b < BONDS; b += 2) rollup.add(year, b, early, earlyId, sums(50));
    expect(year.rows).toBe(BONDS);
    expect(year.bytes / BONDS).toBeLessThanOrEqual(130);
    const all = [...rollup.rows('t')];
    expect(all).toHaveLength(BONDS);
    // Bond 0 had both payments: the sums of both, the later payment as its latest.
    expect(all[0]).toBe(`t\t2024\t${uuidOf(1, 0)}\t1.50\t0.02\t1.50\t0.02\t4\t${late.key}\n`);
    expect(all[1]).toBe(`t\t2024\t${uuidOf(1, 1)}\t1.00\t0.01\t1.00\t0.01\t2\t${late.key}\n`);
  });
});
