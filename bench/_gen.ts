import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { benchTenant, shapeFor } from './import.bench';
import type { PagoInput, VentaInput } from '@app/importer/dataset.types';
async function main() {
  const lines = Number(process.argv[3]);
  const tenant = benchTenant(shapeFor(lines));
  const out = createWriteStream(process.argv[2]);
  const write = async (s: string) => { if (!out.write(s)) await once(out, 'drain'); };
  const { pagos: ps, ventas: vs, ...head } = tenant;
  await write(`{"tenants":[${JSON.stringify(head).slice(0, -1)},"pagos":[`);
  let first = true;
  for (const p of ps as Iterable<PagoInput>) { await write((first ? '\n' : ',\n') + JSON.stringify(p, null, 1)); first = false; }
  await write('],"ventas":[');
  first = true;
  for (const v of vs as Iterable<VentaInput>) { await write((first ? '' : ',\n') + JSON.stringify(v)); first = false; }
  await write(']}]}\n');
  out.end(); await once(out, 'finish');
}
main();
