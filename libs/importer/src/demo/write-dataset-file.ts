import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Dataset } from '../dataset.types';

/**
 * Writes a dataset to an import file as it is generated: payments, sales and suppliers are taken one at a
 * time from their (lazy) collections, so a file of any size is written in bounded memory. Each
 * payment with one-space indentation (like a hand-made file; `indent: undefined` writes it on one
 * line), one sale or supplier per line. Returns the file's size in bytes.
 */
export async function writeDatasetFile(data: Dataset, file: string, opts: { indent?: number } = { indent: 1 }): Promise<number> {
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (s: string): Promise<void> => {
    bytes += Buffer.byteLength(s);
    if (!out.write(s)) await once(out, 'drain');
  };
  await write('{"tenants":[');
  for (let i = 0; i < data.tenants.length; i++) {
    const { pagos, ventas, proveedores, ...head } = data.tenants[i];
    let members = JSON.stringify(head).slice(1, -1);
    await write(`${i ? ',\n' : ''}{${members}`);
    for (const [name, items, indent] of [
      ['pagos', pagos, opts.indent],
      ['ventas', ventas, undefined],
      ['proveedores', proveedores, undefined],
    ] as const) {
      if (items === undefined) continue;
      await write(`${members ? ',' : ''}"${name}":[`);
      members = name;
      let first = true;
      for (const item of items as Iterable<unknown>) {
        await write((first ? '\n' : ',\n') + JSON.stringify(item, null, indent));
        first = false;
      }
      await write(']');
    }
    await write('}');
  }
  await write(']}\n');
  out.end();
  await once(out, 'finish');
  return bytes;
}
