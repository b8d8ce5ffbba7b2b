import { parseImportArgs } from './import';

describe('npm run import arguments', () => {
  it('reads one file and the modes', () => {
    expect(parseImportArgs(['a.json'])).toEqual({ file: 'a.json', replace: false, merge: false, dryRun: false });
    expect(parseImportArgs(['--merge', 'a.json', '--dry-run'])).toEqual({ file: 'a.json', replace: false, merge: true, dryRun: true });
    expect(parseImportArgs(['a.json', '--replace', '--dry-run'])).toEqual({ file: 'a.json', replace: true, merge: false, dryRun: true });
  });

  it('refuses --replace with --merge, unknown options, no file or two', () => {
    expect(parseImportArgs(['a.json', '--replace', '--merge'])).toEqual({ error: expect.stringContaining('no se pueden combinar') });
    expect(parseImportArgs(['a.json', '--force'])).toEqual({ error: 'Opción desconocida: --force' });
    expect(parseImportArgs(['--merge'])).toEqual({ error: 'Falta el archivo a importar.' });
    expect(parseImportArgs(['a.json', 'b.json'])).toEqual({ error: 'Indique un solo archivo.' });
  });
});
