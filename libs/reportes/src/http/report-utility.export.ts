import { type Readable, Transform } from 'node:stream';
import { type ExportColumn, exportColumns } from '@nomina-api/platform/export';
import { pipeInto } from '@nomina-api/platform/http';
import type { ReportUtilityItem } from '../queries/report-utility/report-utility.view';

/** What a row sold, in every sales report (CONTRACT §4, §11.4). */
const SALE = {
  quantity: 'number',
  totalBruto: 'number',
  totalDiscount: 'number',
  totalTaxes: 'number',
  total: 'number',
} as const;

const SALES_PRODUCT = { productId: 'uuid', code: 'text', name: 'text', categoryName: 'text', ...SALE } as const;
const PRODUCT = { ...SALES_PRODUCT, avgCost: 'number', grossProfit: 'number' } as const;

/** The report's export columns: the JSON row's fields in its order (detail rows start with saleId and date). */
export const GROUPED_EXPORT_COLUMNS: readonly ExportColumn[] = exportColumns(PRODUCT);
export const DETAIL_EXPORT_COLUMNS: readonly ExportColumn[] = exportColumns({ saleId: 'uuid', date: 'timestamp', ...PRODUCT });

/** The sales-by-product report's columns (its rows carry no cost members). */
export const SALES_GROUPED_EXPORT_COLUMNS: readonly ExportColumn[] = exportColumns(SALES_PRODUCT);
export const SALES_DETAIL_EXPORT_COLUMNS: readonly ExportColumn[] = exportColumns({ saleId: 'uuid', date: 'timestamp', ...SALES_PRODUCT });

/** The sales-by-category report's columns. */
export const CATEGORY_EXPORT_COLUMNS: readonly ExportColumn[] = exportColumns({ categoryId: 'uuid', categoryName: 'text', ...SALE });

/**
 * The rows of the report stream (batches of items): a file is one table, so the totals item is
 * left out. A stream piped from the items, so destroying it (client gone, HEAD) destroys them and
 * closes the cursor.
 */
export function reportRows(items: Readable): Readable {
  const rows = new Transform({
    objectMode: true,
    // One batch waiting here at most (the default, 16, would be 16 000 rows).
    writableHighWaterMark: 1,
    transform(batch: readonly ReportUtilityItem[], _encoding, callback) {
      for (const item of batch) if ('row' in item) this.push(item.row);
      callback();
    },
  });
  // Failures reach the file through `rows`, which ends the response.
  return pipeInto(items, rows);
}
