/**
 * Java `Double.toString` (JDK 19+, Raffaello Giulietti's shortest-decimal algorithm) in TypeScript.
 *
 * Layout rules (JDK 19+ javadoc):
 *  - 1e-3 <= |d| < 1e7: plain notation, at least one fractional digit (`100.0`, `0.001`).
 *  - otherwise computerized scientific notation: `d.ddd` + `E` + exponent without `+` or leading
 *    zeros (`1.0E7`, `1.8404777E7`, `1.0E-4`).
 *  - `0.0` / `-0.0`.
 *
 * Digit selection: d is the shortest decimal that rounds to the double (closest to it on ties of
 * length), which is exactly what V8's `Number#toString` / `toExponential()` produce. The one
 * place where Java differs from JavaScript is when the shortest decimal has a single digit: Java
 * then also considers 2-digit decimals and takes the closest one. For normal doubles the 2-digit
 * grid is far coarser than the rounding interval, so the result is the same; only tiny subnormals
 * change (JS `5e-324` vs Java `4.9E-324`, JS `1e-323` vs Java `9.9E-324`).
 *
 * NaN and ±Infinity throw a RangeError: payroll data never contains them, and silently writing
 * `null` (or Jackson's default `"NaN"` string) would hide a data bug behind a 200 response.
 */

const MIN_NORMAL = 2.2250738585072014e-308;

// Lookup tables for the scientific layout: every concatenation saved matters when a page
// holds thousands of amounts. EXPONENT[e + 400] = "E<e>" for every double exponent.
const EXPONENT: string[] = [];
for (let e = -400; e <= 400; e++) EXPONENT.push('E' + e);
const LEAD = ['0.', '1.', '2.', '3.', '4.', '5.', '6.', '7.', '8.', '9.'];
const NEG_LEAD = LEAD.map((d) => '-' + d);
const LEAD_ONLY = LEAD.map((d) => d + '0');
const NEG_LEAD_ONLY = LEAD_ONLY.map((d) => '-' + d);

/** Formats a JS number or a decimal string (e.g. PostgreSQL `numeric` text) like Java's Double.toString. */
export function formatJavaDouble(v: number | string): string {
  return typeof v === 'number' ? formatJavaDoubleNumber(v) : formatJavaDoubleDecimalString(v);
}

export function formatJavaDoubleNumber(v: number): string {
  // Plain range: V8 already prints the shortest digits in plain notation (it only switches to
  // exponents below 1e-6 or from 1e21), so Java's layout is that string plus ".0" for integers.
  if (v >= 1e-3 ? v < 1e7 : v <= -1e-3 && v > -1e7) {
    const s = '' + v;
    return Number.isInteger(v) ? s + '.0' : s;
  }
  if (v === 0) return 1 / v < 0 ? '-0.0' : '0.0';
  if (v !== v || v === Infinity || v === -Infinity) {
    throw new RangeError(`Java double formatting: ${v} cannot be written (NaN/Infinity never occur in payroll data)`);
  }
  return scientific(v);
}

function scientific(v: number): string {
  // toExponential() without argument yields the shortest round-trip digits whatever the magnitude,
  // unlike toString() whose notation depends on the range.
  const x = v.toExponential();
  const e = x.indexOf('e');
  const exponent = EXPONENT[+x.slice(e + 1) + 400];
  if (x.charCodeAt(v < 0 ? 2 : 1) !== 46 /* . */) {
    // A single significant digit ("1e+7", "-5e-4").
    if ((v < 0 ? -v : v) < MIN_NORMAL) return subnormalOneDigit(v, +x.slice(e + 1));
    const d = x.charCodeAt(e - 1) - 48;
    return (v < 0 ? NEG_LEAD_ONLY[d] : LEAD_ONLY[d]) + exponent;
  }
  return x.slice(0, e) + exponent;
}

/**
 * JDK 19+ rule for a shortest decimal of length 1: pick the closest decimal of length 1 or 2 that
 * still rounds to the double. Only reachable for subnormals, so exact BigInt arithmetic is fine.
 */
function subnormalOneDigit(v: number, exp10: number): string {
  const neg = v < 0;
  // Subnormals are m * 2^-1074 with an integer m < 2^52.
  const m = BigInt(Math.round((neg ? -v : v) / 5e-324));
  // Candidates are c * 10^q for q in {exp10 - 2, exp10 - 1}, c in 10..99 (covers the 1-digit
  // decimal itself as c0 * 10^(exp10 - 1) and its 2-digit neighbours in both decades).
  // Scale everything by 2^1074 * 10^-qMin to compare integers exactly.
  const qMin = exp10 - 2;
  const pow10 = 10n ** BigInt(-qMin);
  const two1074 = 2n ** 1074n;
  const x = m * pow10; // the double's value, scaled
  const halfUlpTimes2 = pow10; // 2 * (ulp / 2), scaled
  let best: { c: number; q: number; dist: bigint } | undefined;
  for (let q = qMin; q <= qMin + 1; q++) {
    const scale = 10n ** BigInt(q - qMin) * two1074;
    for (let c = 10; c <= 99; c++) {
      const d = BigInt(c) * scale;
      const dist = d > x ? d - x : x - d;
      const twice = 2n * dist;
      const roundsToV = twice < halfUlpTimes2 || (twice === halfUlpTimes2 && m % 2n === 0n);
      if (roundsToV && (best === undefined || dist < best.dist)) best = { c, q, dist };
    }
  }
  if (best === undefined) throw new Error(`internal: no 2-digit candidate for ${v}`);
  const digits = String(best.c); // c[0].c[1] * 10^(q+1); a trailing 0 is exactly Java's "X.0"
  return (neg ? '-' : '') + digits[0] + '.' + digits[1] + 'E' + (best.q + 1);
}

const GENERAL_DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Java Double.toString of the double nearest to a decimal string (`Number(str)` semantics, but
 * strict about the syntax: empty strings, whitespace, hex, "NaN"/"Infinity" throw).
 *
 * Fast path for plain decimals with at most 15 significant digits (every PostgreSQL numeric(p<=15,s)
 * value): any decimal with <= 15 significant digits survives decimal -> double -> shortest decimal
 * unchanged (DBL_DIG = 15, so two distinct such decimals never share a double and no shorter one
 * can round to it). The answer is then the input's own digits re-laid out, without Number().
 */
export function formatJavaDoubleDecimalString(s: string): string {
  const n = s.length;
  let i = 0;
  let neg = false;
  if (n !== 0 && s.charCodeAt(0) === 45 /* - */) {
    neg = true;
    i = 1;
  }
  const intStart0 = i;
  while (i < n && s.charCodeAt(i) === 48 /* 0 */) i++;
  const intStart = i;
  let c: number;
  while (i < n && (c = s.charCodeAt(i)) >= 48 && c <= 57) i++;
  const intEnd = i;
  let fracStart = i;
  let fracEnd = i;
  if (i < n && s.charCodeAt(i) === 46 /* . */) {
    fracStart = ++i;
    while (i < n && (c = s.charCodeAt(i)) >= 48 && c <= 57) i++;
    fracEnd = i;
  }
  if (i !== n || (intEnd === intStart0 && fracEnd === fracStart)) return generalDecimal(s);

  let fe = fracEnd; // fraction without trailing zeros
  while (fe > fracStart && s.charCodeAt(fe - 1) === 48) fe--;
  const sign = neg ? '-' : '';
  const intLen = intEnd - intStart;

  if (intLen > 0) {
    const exp10 = intLen - 1;
    let ie = intEnd; // integer digits without trailing zeros, only meaningful if no fraction
    let significant: number;
    if (fe > fracStart) {
      significant = intLen + (fe - fracStart);
    } else {
      while (ie > intStart + 1 && s.charCodeAt(ie - 1) === 48) ie--;
      significant = ie - intStart;
    }
    if (significant > 15) return generalDecimal(s);
    if (exp10 < 7) {
      // pg numeric text is usually already Java's layout up to trailing zeros ("1300000.50"):
      // reuse the input instead of rebuilding it.
      if (intStart === intStart0) {
        if (fe > fracStart) return fe === n ? s : s.slice(0, fe);
        return fracStart > intEnd ? s.slice(0, fracStart) + '0' : s + '.0';
      }
      return sign + s.slice(intStart, intEnd) + '.' + (fe > fracStart ? s.slice(fracStart, fe) : '0');
    }
    if (exp10 > 300) return generalDecimal(s);
    const d = s.charCodeAt(intStart) - 48;
    if (fe > fracStart) {
      return (neg ? NEG_LEAD[d] : LEAD[d]) + s.slice(intStart + 1, intEnd) + s.slice(fracStart, fe) + EXPONENT[exp10 + 400];
    }
    if (ie === intStart + 1) return (neg ? NEG_LEAD_ONLY[d] : LEAD_ONLY[d]) + EXPONENT[exp10 + 400];
    return (neg ? NEG_LEAD[d] : LEAD[d]) + s.slice(intStart + 1, ie) + EXPONENT[exp10 + 400];
  }

  let z = fracStart; // first significant fraction digit
  while (z < fe && s.charCodeAt(z) === 48) z++;
  if (z === fe) return neg ? '-0.0' : '0.0'; // Number("-0.00") is -0, and Java prints -0.0 for it
  if (fe - z > 15) return generalDecimal(s);
  const exp10 = fracStart - z - 1;
  if (exp10 >= -3) {
    if (intEnd === intStart0 + 1) return fe === n ? s : s.slice(0, fe); // exactly one leading "0"
    return sign + '0.' + s.slice(fracStart, fe);
  }
  if (exp10 < -300) return generalDecimal(s);
  const d = s.charCodeAt(z) - 48;
  if (fe - z === 1) return (neg ? NEG_LEAD_ONLY[d] : LEAD_ONLY[d]) + EXPONENT[exp10 + 400];
  return (neg ? NEG_LEAD[d] : LEAD[d]) + s.slice(z + 1, fe) + EXPONENT[exp10 + 400];
}

function generalDecimal(s: string): string {
  if (!GENERAL_DECIMAL.test(s)) {
    throw new TypeError(`Java double formatting: ${JSON.stringify(s)} is not a decimal number`);
  }
  return formatJavaDoubleNumber(Number(s));
}
