import { PIPES_METADATA } from '@nestjs/common/constants';
import { Secured } from '../tenancy/secured.decorator';
import { IS_PUBLIC, Public } from './public.decorator';

describe('@Public() and @Secured()', () => {
  // A controller-wide pipe runs on every parameter of every route; DTO parameters carry `ValidDto`
  // themselves (test/route-security checks that each has it).
  it.each([
    ['@Public()', Public()],
    ['@Secured()', Secured()],
    ['@Secured({ premium: true })', Secured({ premium: true })],
  ])('%s brings no controller-wide pipe', (_name, decorator) => {
    class Controller {}
    decorator(Controller);
    expect(Reflect.getMetadata(PIPES_METADATA, Controller)).toBeUndefined();
  });

  it('@Public() still marks the route public', () => {
    class Controller {}
    Public()(Controller);
    expect(Reflect.getMetadata(IS_PUBLIC, Controller)).toBe(true);
  });
});
