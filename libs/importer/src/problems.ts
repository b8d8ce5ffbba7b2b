/** One thing wrong with an import file, located by its JSON path (`$.tenants[0].pagos[3].uuid`). */
export interface ImportProblem {
  path: string;
  message: string;
}

export const MAX_PROBLEMS = 1000;

/**
 * Collects problems up to MAX_PROBLEMS and only counts the rest: a file broken on every line
 * must not produce a million messages (nor the memory to hold them).
 */
export class ProblemList {
  private readonly items: ImportProblem[] = [];
  private overflow = 0;

  add(path: string, message: string): void {
    if (this.items.length < MAX_PROBLEMS) this.items.push({ path, message });
    else this.overflow++;
  }

  /** Appends another list's problems (and its overflow count) after these. */
  addAll(other: ProblemList): void {
    for (const p of other.items) this.add(p.path, p.message);
    this.overflow += other.overflow;
  }

  get count(): number {
    return this.items.length + this.overflow;
  }

  toArray(): ImportProblem[] {
    if (!this.overflow) return [...this.items];
    return [...this.items, { path: '$', message: `... y ${formatCount(this.overflow)} problemas más` }];
  }
}

/** Spanish (Colombian) thousands separator: 12.345. */
export function formatCount(n: number): string {
  return Math.trunc(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Seconds with one decimal, written the Spanish way as the counts are: `2,0`, `1.234,5`. */
export function formatSeconds(ms: number): string {
  const tenths = Math.round(ms / 100);
  return `${formatCount(Math.trunc(tenths / 10))},${tenths % 10}`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Appends a property name to a JSON path, quoting names that are not identifiers. */
export function childPath(parent: string, key: string): string {
  return IDENTIFIER.test(key) ? `${parent}.${key}` : `${parent}[${JSON.stringify(key)}]`;
}
