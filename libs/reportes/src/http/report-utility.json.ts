import { Transform } from 'node:stream';
import { toRowJson, toTotalsView, type ReportUtilityItem } from '../queries/report-utility/report-utility.view';
import { PendingText } from './pending-text';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Report items → `{"reportByProduct":[...],"totals":{...}}`, written row by row so a report of
 * any size is sent in constant memory. The totals item comes last in the stream, as it comes
 * last in the body. Numbers become plain JSON numbers only here, after the exact arithmetic.
 */
export function jsonWriter(): Transform {
  let rows = 0;
  let closed = false;
  const writer: Transform = new Transform({
    writableObjectMode: true,
    // Pushed text stays a string up to the socket write (no Buffer copy of every chunk).
    encoding: 'utf8',
    transform(item: ReportUtilityItem, _encoding, callback) {
      if ('row' in item) {
        const prefix = rows++ === 0 ? '{"reportByProduct":[' : ',';
        out.add(prefix + toRowJson(item.row));
      } else {
        const prefix = rows === 0 ? '{"reportByProduct":[' : '';
        closed = true;
        out.add(`${prefix}],"totals":${JSON.stringify(toTotalsView(item.totals))}}`);
      }
      callback();
    },
    flush(callback) {
      out.push();
      // Never end a body that is not valid JSON as if it were complete.
      callback(closed ? null : new Error('report-utility: the stream ended without its totals item'));
    },
  });
  const out = new PendingText(writer);
  return writer;
}
