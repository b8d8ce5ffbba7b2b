import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Controllers stay thin (docs/ARCHITECTURE.md): a route method's body is at most three lines —
 * parameters come typed from pipes, the answer from `respond` and the operation's reply spec.
 * Parsed with the TypeScript compiler, so formatting or comments cannot fool the count.
 */
const MAX_BODY_LINES = 3;
const root = join(__dirname, '..', '..', '..');

function controllerFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : controllerFiles(path);
    return entry.name.endsWith('.controller.ts') ? [path] : [];
  });
}

function decoratorNames(node: ts.Node): string[] {
  return (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []).map((d) => {
    const call = d.expression;
    return ts.isCallExpression(call) ? call.expression.getText() : call.getText();
  });
}

/** `Class.method: N lines` for every method of a @Controller class whose body is longer than the limit. */
function longHandlers(fileName: string, source: string, max = MAX_BODY_LINES): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true);
  const line = (pos: number): number => sf.getLineAndCharacterOfPosition(pos).line;
  const found: string[] = [];
  for (const node of sf.statements) {
    if (!ts.isClassDeclaration(node) || !decoratorNames(node).includes('Controller')) continue;
    for (const member of node.members) {
      if (!ts.isMethodDeclaration(member) || !member.body) continue;
      const statements = member.body.statements;
      if (statements.length === 0) continue;
      const lines = line(statements[statements.length - 1].getEnd()) - line(statements[0].getStart(sf)) + 1;
      if (lines > max) found.push(`${node.name?.text}.${member.name.getText(sf)}: ${lines} lines`);
    }
  }
  return found;
}

describe('controller handler bodies', () => {
  const files = ['libs', 'apps'].flatMap((dir) => controllerFiles(join(root, dir)));

  it('finds the controllers of the platform and every context', () => {
    const names = files.map((f) => relative(root, f));
    for (const where of ['libs/platform/', 'libs/nomina/', 'libs/reportes/', 'libs/proveedores/']) {
      expect(names.some((n) => n.startsWith(where))).toBe(true);
    }
  });

  it(`are at most ${MAX_BODY_LINES} lines`, () => {
    const long = files.flatMap((f) => longHandlers(relative(root, f), readFileSync(f, 'utf8')));
    expect(long).toEqual([]);
  });

  it('catches a longer body (the check bites)', () => {
    const source = `
      @Controller('x')
      export class XController {
        @Get()
        list(@Query() q: string): string {
          // a comment does not count
          const a = q.trim();
          const b = a.toUpperCase();
          const c = b + '!';
          return c;
        }

        @Get(':id')
        one(): string {
          return 'a' +
            'b';
        }
      }
      class NotAController {
        helper(): void {
          let i = 0;
          i++;
          i++;
          i++;
        }
      }`;
    expect(longHandlers('probe.controller.ts', source)).toEqual(['XController.list: 4 lines']);
  });
});
