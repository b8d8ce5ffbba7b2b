import { ValidationPipe } from '@nestjs/common';
import { PIPES_METADATA } from '@nestjs/common/constants';
import { Secured } from '../tenancy/secured.decorator';
import { IS_PUBLIC, Public } from './public.decorator';

describe('@Public() and @Secured() each bring the validation pipe (the app has no global one)', () => {
  it.each([
    ['@Public()', Public()],
    ['@Secured()', Secured()],
    ['@Secured({ premium: true })', Secured({ premium: true })],
  ])('%s', (_name, decorator) => {
    class Controller {}
    decorator(Controller);
    const pipes = Reflect.getMetadata(PIPES_METADATA, Controller) as unknown[];
    expect(pipes.filter((p) => p instanceof ValidationPipe)).toHaveLength(1);
  });

  it('@Public() still marks the route public', () => {
    class Controller {}
    Public()(Controller);
    expect(Reflect.getMetadata(IS_PUBLIC, Controller)).toBe(true);
  });
});
