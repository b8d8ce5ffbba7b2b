import { Transform } from 'node:stream';
import {
  type ReportUtilityItem,
  type ReportUtilityRecord,
  type ReportUtilityTotalsRecord,
  toRowJson,
  toSalesRowJson,
  toSalesTotalsView,
  toTotalsView,
} from '../queries/report-utility/report-utility.view';

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** How one product report writes its rows and totals (the profitability report; the sales report drops the cost members). */
export interface ProductReportJson {
  row: (record: ReportUtilityRecord) => string;
  totals: (totals: ReportUtilityTotalsRecord) => object;
}

export const PROFITABILITY_JSON: ProductReportJson = { row: toRowJson, totals: toTotalsView };

/** The sales-by-product report (CONTRACT §11.4): the same rows and totals without the cost members. */
export const SALES_BY_PRODUCT_JSON: ProductReportJson = { row: toSalesRowJson, totals: toSalesTotalsView };

/**
 * Batches of report items (the handler's stream: one array per cursor fetch) →
 * `{"reportByProduct":[...],"totals":{...}}`, one text chunk per batch, so a report of any size
 * is sent in constant memory and each batch costs one stream step and one socket write. The
 * totals item comes last in the last batch, as it comes last in the body. Numbers become plain
 * JSON numbers only here, after the exact arithmetic.
 */
export function jsonWriter(shape: ProductReportJson = PROFITABILITY_JSON): Transform {
  let rows = 0;
  let closed = false;
  return new Transform({
    writableObjectMode: true,
    // One batch waiting here at most (the default, 16, would be 16 000 rows).
    writableHighWaterMark: 1,
    // Pushed text stays a string up to the socket write (no Buffer copy of every chunk).
    encoding: 'utf8',
    transform(batch: readonly ReportUtilityItem[], _encoding, callback) {
      let text = '';
      for (const item of batch) {
        if ('row' in item) {
          text += (rows++ === 0 ? '{"reportByProduct":[' : ',') + shape.row(item.row);
        } else {
          text += `${rows === 0 ? '{"reportByProduct":[' : ''}],"totals":${JSON.stringify(shape.totals(item.totals))}}`;
          closed = true;
        }
      }
      callback(null, text);
    },
    flush(callback) {
      // Never end a body that is not valid JSON as if it were complete.
      callback(closed ? null : new Error('report-utility: the stream ended without its totals item'));
    },
  });
}
