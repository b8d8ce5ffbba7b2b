// Inputs for JavaDoubleOracle.java (see there). Deterministic: same output on every run.
'use strict';
let seed = 20240131;
// mulberry32: tiny PRNG with well-mixed low bits (an LCG's low bits repeat too quickly here).
const rand = () => {
  let t = (seed = (seed + 0x6d2b79f5) >>> 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
};
const view = new DataView(new ArrayBuffer(8));
const bits = (v) => (view.setFloat64(0, v), view.getBigUint64(0).toString(16).padStart(16, '0'));
const lines = [];
// Any finite double: random bit patterns.
while (lines.length < 1500) {
  view.setUint32(0, Math.floor(rand() * 2 ** 32));
  view.setUint32(4, Math.floor(rand() * 2 ** 32));
  if (Number.isFinite(view.getFloat64(0))) lines.push('b:' + view.getBigUint64(0).toString(16).padStart(16, '0'));
}
// Payroll-like magnitudes, both layouts.
for (let i = 0; i < 400; i++) lines.push('b:' + bits((rand() < 0.5 ? -1 : 1) * rand() * 10 ** Math.floor(rand() * 14 - 5)));
// Subnormals, where Java's 2-digit rule differs from JS (m * 2^-1074 for small m, and random ones).
for (let m = 1; m <= 120; m++) lines.push('b:' + m.toString(16).padStart(16, '0'));
for (let i = 0; i < 80; i++) lines.push('b:' + (Math.floor(rand() * 2 ** 20) * 2 ** 32 + Math.floor(rand() * 2 ** 32)).toString(16).padStart(16, '0'));
// Neighbours of the layout boundaries and of other interesting values.
for (const v of [1e7, 1e-3, 1e21, 1e-7, 1e22, 1e23, 2 ** 53, 2 ** 63, 2.2250738585072014e-308, 1.7976931348623157e308]) {
  view.setFloat64(0, v);
  const b = view.getBigUint64(0);
  for (let d = -3n; d <= 3n; d++) if (b + d < 0x7ff0000000000000n) lines.push('b:' + (b + d).toString(16).padStart(16, '0'));
}
// pg numeric text: scale 0..4, up to 15 and beyond 15 significant digits, signs.
for (let i = 0; i < 500; i++) {
  const intDigits = Math.floor(rand() * 14);
  let s = intDigits === 0 ? '0' : String(Math.floor(rand() * 10 ** intDigits));
  const scale = Math.floor(rand() * 5);
  if (scale > 0) s += '.' + String(Math.floor(rand() * 10 ** scale)).padStart(scale, '0');
  if (rand() < 0.3) s = '-' + s;
  lines.push('s:' + s);
}
for (let i = 0; i < 100; i++) lines.push('s:' + (rand() < 0.5 ? '-' : '') + String(Math.floor(rand() * 1e9)) + String(Math.floor(rand() * 1e9)) + '.' + String(Math.floor(rand() * 1e6)));
for (const s of ['0', '0.00', '18404777.00', '-250000000', '0.0005', '0.001', '0.00099', '9999999.99', '9999999.999', '10000000.00', '-0.50', '1300000.50', '123456789012345.67', '0.1', '0.30000000000000004', '100', '1000000000000000000000', '1e-7', '1e23', '4.9e-324']) lines.push('s:' + s);
process.stdout.write(lines.join('\n') + '\n');
