import { reportUtilityShape, reportUtilitySql, reportUtilityValues } from './report-utility.sql';

const A = '11111111-0000-4000-8000-000000000001';
const B = '11111111-0000-4000-8000-000000000002';
const criteria = {
  grouped: false,
  businessIds: [A],
  dateInit: '2024-03-01T00:00:00.000Z',
  dateEnd: '2024-03-31T23:59:59.999Z',
  estados: ['Pagada', 'Pendiente'],
};

describe('report-utility SQL', () => {
  it('one business is a plain equality (keeps the index order); several are = any()', () => {
    expect(reportUtilityShape(criteria)).toEqual({ grouped: false, oneBusiness: true });
    expect(reportUtilityValues('t', criteria)).toEqual(['t', A, criteria.dateInit, criteria.dateEnd, criteria.estados]);
    expect(reportUtilitySql({ grouped: false, oneBusiness: true })).toContain('l.negocio_id = $2::uuid');
    const many = { ...criteria, businessIds: [A, B] };
    expect(reportUtilityShape(many)).toEqual({ grouped: false, oneBusiness: false });
    expect(reportUtilityValues('t', many)[1]).toEqual([A, B]);
    expect(reportUtilitySql({ grouped: true, oneBusiness: false })).toContain('l.negocio_id = any($2::uuid[])');
  });

  it.each([true, false])('grouped=%p: one statement, tenant first, inclusive millisecond range, rows and totals together', (grouped) => {
    const sql = reportUtilitySql({ grouped, oneBusiness: true });
    expect(sql).toContain('l.tenant_id = $1::uuid');
    expect(sql).toContain('l.fecha >= $3::timestamptz');
    expect(sql).toContain(`l.fecha < $4::timestamptz + interval '1 millisecond'`);
    expect(sql).toContain('l.estado = any($5::text[])');
    expect(sql).toMatch(/grouping sets \(\(.*l\.producto_id\), \(\)\)/);
    expect(sql).not.toContain(';');
    expect(sql.match(/\$\d/g)?.every((p) => ['$1', '$2', '$3', '$4', '$5'].includes(p))).toBe(true);
  });
});
