import { Controller, Get } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { ApiProperty, SwaggerModule } from '@nestjs/swagger';
import { ApiExportResponse } from './export.openapi';

class ItemsDto {
  @ApiProperty()
  total!: number;
}

@Controller()
class ItemsController {
  @Get('items')
  @ApiExportResponse({ description: 'Los ítems.', model: ItemsDto })
  items(): object {
    return {};
  }
}

describe('ApiExportResponse', () => {
  it('declares the format enum and one 200 entry per media type', async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ItemsController] }).compile();
    const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter());
    await app.init();
    try {
      const op = SwaggerModule.createDocument(app, { openapi: '3.0.0', info: { title: 't', version: '1' } }).paths['/items'].get;
      const format = op?.parameters?.find((p) => 'name' in p && p.name === 'format');
      expect(format).toMatchObject({ in: 'query', required: false, schema: { enum: ['json', 'csv', 'xlsx'] } });
      const ok = op?.responses['200'] as { content: Record<string, { schema: object }>; headers: Record<string, unknown> };
      expect(Object.keys(ok.content)).toEqual([
        'application/json',
        'text/csv',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ]);
      expect(ok.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ItemsDto' });
      expect(ok.content['text/csv'].schema).toEqual({ type: 'string' });
      expect(ok.content['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'].schema).toEqual({
        type: 'string',
        format: 'binary',
      });
      expect(Object.keys(ok.headers)).toEqual(['ETag', 'Cache-Control', 'Content-Disposition']);
    } finally {
      await app.close();
    }
  });
});
