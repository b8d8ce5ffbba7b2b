import { toWireUuid } from './uuid';

describe('toWireUuid', () => {
  it('gives the text without hyphens, upper-cased, for any text (the slice path of PostgreSQL text included)', () => {
    for (const id of [
      'c0ffee00-0000-4000-8000-000000000001',
      'C0FFEE00-0000-4000-8000-000000000001',
      'c0ffee00-0000-4000-8000-0000000000-1',
      'c0ffee00-0000-4000-8000-00000000-0a1',
      'c0ffee0000004000800000000000000123ab',
      'C0FFEE00000040008000000000000001',
      'not-a-uuid-but-text-"quoted"-36chars',
      '',
    ]) {
      expect(toWireUuid(id)).toBe(id.replace(/-/g, '').toUpperCase());
    }
  });
});
