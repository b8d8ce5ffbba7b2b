import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { columnGetter, type ColumnKind, type ExportColumn } from './export-column';
import { booleanValue, excelSerial, isoDate, isoDateSerial, isoTimestamp, plainDecimal, textValue, uuidText } from './export-values';
import { endSource, failWithSource, type RowSource, TEXT_BATCH } from './row-source';

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows of a worksheet in Excel and LibreOffice, 1,048,576, less the header row. */
export const XLSX_MAX_DATA_ROWS = 1_048_575;

export interface XlsxOptions {
  /** Name of the first sheet (the resource: `pagos`, `reportUtility`); further sheets get ` (2)`, ` (3)`... */
  sheetName: string;
  /** Data rows per sheet before the next one starts (a lower value only in tests). */
  maxRowsPerSheet?: number;
  /** zlib level of the parts: 1 compresses XML to about the size of level 6 for a third of the CPU (bench/xlsx-writers.bench.ts). */
  compressionLevel?: number;
}

/** Style indexes in STYLES: 1 bold header, 2 date, 3 date-time. */
const STYLE_HEADER = 1;
const STYLE_DATE = 2;
const STYLE_TIMESTAMP = 3;

const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  // The header row stays in view while scrolling.
  '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
  '<sheetFormatPr defaultRowHeight="15"/>';
const SHEET_TAIL = '</sheetData></worksheet>';

/** Column widths (characters) by kind, so dates and uuids are readable without resizing. */
const WIDTH: Record<ColumnKind, number> = { text: 28, number: 16, date: 12, timestamp: 20, boolean: 8, uuid: 36 };

/** A, B, ... Z, AA, ... for a 0-based column index. */
export function columnLetters(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

// XML 1.0 forbids most control characters even escaped, and its parsers turn CR LF into LF:
// SpreadsheetML writes those as _xHHHH_ (CR as _x000D_, as Excel does), and an _xHHHH_ already in
// the text gets its underscore escaped (_x005F_) so it reads back literally.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be escaped
const XML_SPECIAL = /[&<>\u0000-\u0008\u000b\u000c\u000d\u000e-\u001f\ufffe\uffff]|_(?=x[0-9A-Fa-f]{4}_)/g;
// eslint-disable-next-line no-control-regex -- as above
const XML_SPECIAL_TEST = /[&<>\u0000-\u0008\u000b\u000c\u000d\u000e-\u001f\ufffe\uffff]|_x[0-9A-Fa-f]{4}_/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function xmlText(s: string): string {
  if (!XML_SPECIAL_TEST.test(s)) return s;
  return s
    .replace(XML_SPECIAL, (c) =>
      c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`,
    )
    .replace(LONE_SURROGATE, '\ufffd');
}

function inlineString(ref: string, text: string, style = ''): string {
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
}

type XlsxCell = (row: object, rowNumber: number) => string;

function xlsxCell(column: ExportColumn, letters: string): XlsxCell {
  const get = columnGetter(column.name);
  const { name } = column;
  const write =
    (fn: (v: unknown, ref: string) => string): XlsxCell =>
    (row, n) => {
      const v = get(row);
      return v === null || v === undefined ? '' : fn(v, letters + n);
    };
  switch (column.kind) {
    case 'text':
      return write((v, ref) => inlineString(ref, textValue(v)));
    case 'uuid':
      return write((v, ref) => `<c r="${ref}" t="inlineStr"><is><t>${uuidText(v, name)}</t></is></c>`);
    case 'number':
      return write((v, ref) => `<c r="${ref}"><v>${plainDecimal(v, name)}</v></c>`);
    case 'date':
      return write((v, ref) => `<c r="${ref}" s="${STYLE_DATE}"><v>${isoDateSerial(isoDate(v, name))}</v></c>`);
    case 'timestamp':
      return write((v, ref) => `<c r="${ref}" s="${STYLE_TIMESTAMP}"><v>${excelSerial(Date.parse(isoTimestamp(v, name)))}</v></c>`);
    case 'boolean':
      return write((v, ref) => `<c r="${ref}" t="b"><v>${booleanValue(v, name) ? 1 : 0}</v></c>`);
  }
}

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise). */
export function sheetName(base: string, index: number): string {
  const clean = base.replace(/[[\]:*?/\\]/g, '_').trim() || 'datos';
  const suffix = index === 1 ? '' : ` (${index})`;
  return clean.slice(0, 31 - suffix.length) + suffix;
}

/** The peeked next row, shared by the sheets: a sheet ends at its limit or when the rows end. */
interface RowCursor {
  next: IteratorResult<object>;
  readonly it: Iterator<object> | AsyncIterator<object>;
}

async function* sheetXml(columns: readonly ExportColumn[], cells: XlsxCell[], cursor: RowCursor, maxRows: number): AsyncGenerator<string> {
  let text =
    SHEET_HEAD +
    `<cols>${columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${WIDTH[c.kind]}" customWidth="1"/>`).join('')}</cols>` +
    `<sheetData><row r="1" spans="1:${columns.length}">` +
    columns.map((c, i) => inlineString(`${columnLetters(i)}1`, c.name, ` s="${STYLE_HEADER}"`)).join('') +
    '</row>';
  for (let r = 2; !cursor.next.done && r <= maxRows + 1; r++) {
    const row = cursor.next.value;
    text += `<row r="${r}">`;
    for (const cell of cells) text += cell(row, r);
    text += '</row>';
    if (text.length >= TEXT_BATCH) {
      yield text;
      text = '';
    }
    cursor.next = await cursor.it.next();
  }
  yield text + SHEET_TAIL;
}

function workbookParts(name: string, sheets: number): Record<string, string> {
  const indexes = Array.from({ length: sheets }, (_, i) => i + 1);
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  return {
    'xl/workbook.xml':
      xml +
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      `<sheets>${indexes.map((i) => `<sheet name="${xmlText(sheetName(name, i)).replace(/"/g, '&quot;')}" sheetId="${i}" r:id="rId${i}"/>`).join('')}</sheets>` +
      '</workbook>',
    'xl/_rels/workbook.xml.rels':
      xml +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      indexes
        .map(
          (i) =>
            `<Relationship Id="rId${i}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i}.xml"/>`,
        )
        .join('') +
      `<Relationship Id="rId${sheets + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
      '</Relationships>',
    '[Content_Types].xml':
      xml +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      indexes
        .map(
          (i) =>
            `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('') +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '</Types>',
  };
}

/**
 * The rows as an XLSX workbook (CONTRACT §8), written while they arrive: one sheet named after
 * the resource with a bold, frozen header row, numbers as numeric cells, dates and timestamps as
 * date cells, text as inline strings (no shared-strings table to hold in memory), a further sheet
 * per XLSX_MAX_DATA_ROWS rows. Each sheet is one zip entry deflated as it streams (yazl), so
 * memory stays bounded; the workbook parts that list the sheets come last, once their number is
 * known (zip order does not matter to Excel or LibreOffice). A failing row source or a destroyed
 * output ends the other side: the download is cut, never a file that looks complete.
 */
export function xlsxExport(columns: readonly ExportColumn[], rows: RowSource, options: XlsxOptions): Readable {
  const maxRows = options.maxRowsPerSheet ?? XLSX_MAX_DATA_ROWS;
  const level = { compressionLevel: options.compressionLevel ?? 1 };
  const cells = columns.map((c, i) => xlsxCell(c, columnLetters(i)));
  const zip = new ZipFile();
  const out = zip.outputStream as unknown as Readable;
  let sheet: Readable | undefined;
  out.once('close', () => {
    sheet?.destroy();
    if (!out.readableEnded) endSource(rows);
  });

  const run = async (): Promise<void> => {
    const it = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
    const cursor: RowCursor = { it, next: { done: false, value: undefined as unknown as object } };
    try {
      cursor.next = await it.next();
      zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels', level);
      zip.addBuffer(Buffer.from(STYLES), 'xl/styles.xml', level);
      let sheets = 0;
      do {
        sheets++;
        sheet = Readable.from(sheetXml(columns, cells, cursor, maxRows), { objectMode: false });
        zip.addReadStream(sheet, `xl/worksheets/sheet${sheets}.xml`, level);
        await finished(sheet);
      } while (!cursor.next.done);
      for (const [path, xml] of Object.entries(workbookParts(options.sheetName, sheets))) zip.addBuffer(Buffer.from(xml), path, level);
      zip.end();
    } finally {
      if (!cursor.next.done) await it.return?.();
    }
  };
  run().catch((err: unknown) => out.destroy(err as Error));
  failWithSource(rows, out);
  return out;
}
