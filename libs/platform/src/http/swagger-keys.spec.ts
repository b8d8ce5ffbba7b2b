import { DECORATORS } from '@nestjs/swagger';
import { SWAGGER_KEYS } from './swagger-keys';

describe('SWAGGER_KEYS', () => {
  it("are @nestjs/swagger's own metadata keys", () => {
    for (const [key, value] of Object.entries(SWAGGER_KEYS)) expect(DECORATORS[key as keyof typeof DECORATORS]).toBe(value);
  });
});
