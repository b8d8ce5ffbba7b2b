import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { jsonArrayStream } from './json-array.stream';

describe('jsonArrayStream', () => {
  it('writes an empty array', async () => {
    expect(await text(jsonArrayStream(Readable.from([])))).toBe('[]');
  });

  it('writes the records in order as one JSON array, keeping nulls and key order', async () => {
    const records = [{ b: 1, a: null }, { c: 'ñ "x"' }];
    const out = await text(jsonArrayStream(Readable.from(records)));
    expect(out).toBe('[{"b":1,"a":null},{"c":"ñ \\"x\\""}]');
    expect(JSON.parse(out)).toEqual(records);
  });

  it('writes large lists in a few large chunks', async () => {
    const many = Array.from({ length: 20000 }, (_, i) => ({ identificacion: String(i).padStart(10, '0'), nombre: 'Proveedor de prueba' }));
    const chunks: unknown[] = [];
    for await (const chunk of jsonArrayStream(Readable.from(many))) chunks.push(chunk);
    expect(chunks.length).toBeLessThan(30);
    // Text chunks: the socket write encodes them, no Buffer copy in between.
    expect(chunks.every((c) => typeof c === 'string')).toBe(true);
    expect(JSON.parse(chunks.join(''))).toEqual(many);
  });

  it('fails (never closes the array) when the records fail', async () => {
    async function* failing(): AsyncGenerator<object> {
      yield { a: 1 };
      throw new Error('connection lost');
    }
    await expect(text(jsonArrayStream(Readable.from(failing())))).rejects.toThrow('connection lost');
  });

  it('destroys the records when the JSON stream is destroyed (client gone)', async () => {
    const records = new Readable({ objectMode: true, read() {} });
    records.push({ a: 1 });
    const json = jsonArrayStream(records);
    json.destroy();
    await new Promise((resolve) => records.once('close', resolve));
    expect(records.destroyed).toBe(true);
  });
});
