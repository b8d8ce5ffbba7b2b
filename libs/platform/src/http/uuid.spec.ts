import { toWireUuid, wireUuid } from './uuid';

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

describe('wireUuid', () => {
  it.each([
    ['0b5e2c1a-1111-4a2b-9c3d-abcdefabcdef', '0B5E2C1A11114A2B9C3DABCDEFABCDEF'],
    ['0B5E2C1A-1111-4A2B-9C3D-ABCDEFABCDEF', '0B5E2C1A11114A2B9C3DABCDEFABCDEF'],
    ['0b5e2c1a11114a2b9c3dabcdefabcdef', '0B5E2C1A11114A2B9C3DABCDEFABCDEF'],
    ['00000000-0000-0000-0000-000000000000', '00000000000000000000000000000000'],
    ['ffffffff-ffff-ffff-ffff-ffffffffffff', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF'],
  ])('%s → %s', (input, expected) => {
    expect(wireUuid(input)).toBe(expected);
  });

  it.each([
    '0b5e2c1a-1111-4a2b-9c3d-abcdefabcde', // 35
    '0b5e2c1a-11114-a2b-9c3d-abcdefabcdef', // hyphen misplaced
    '0b5e2c1a-1111-4a2b-9c3d-abcdefabcdeg', // not hex
    '0b5e2c1a-1111-4a2b-9c3d-abcdefabcd"x',
    '0b5e2c1a11114a2b9c3dabcdefabcdeé', // 32 characters, one not ASCII
    '0b5e2c1a11114a2b9c3dabcdefabcd\u0130f', // İ upper-cases to ASCII in some engines' tables
    '0b5e2c1a-1111-4a2b-9c3d-abcdefabcdef-',
    '',
  ])('not a uuid: %p', (input) => {
    expect(wireUuid(input)).toBeUndefined();
  });

  it('gives each call its own string (the digits pass through one shared buffer)', () => {
    const first = wireUuid('0b5e2c1a-1111-4a2b-9c3d-abcdefabcdef');
    const second = wireUuid('ffffffff-ffff-ffff-ffff-ffffffffffff');
    expect(first).toBe('0B5E2C1A11114A2B9C3DABCDEFABCDEF');
    expect(second).toBe('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF');
  });
});
