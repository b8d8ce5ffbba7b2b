import { DETAIL_COLUMNS, GROUPED_COLUMNS } from '../../queries/report-utility/report-utility.view';
import { DETAIL, names, ROW, TOTALS, written } from './__fixtures__/report-rows';
import {
  ReportUtilityDetailRowDto,
  ReportUtilityGroupedRowDto,
  ReportUtilityResponseDto,
  ReportUtilityTotalsDto,
} from './report-utility.response.dto';

/**
 * The report's bytes come from its own JSON writer (and the CSV columns), not from the DTOs
 * OpenAPI reads: a field added to one and not the other, or reordered, fails here.
 */
describe('report-utility response DTOs against the JSON writer', () => {
  it('the body: reportByProduct then totals', async () => {
    expect(names(ReportUtilityResponseDto)).toEqual(Object.keys(await written([ROW, TOTALS])));
  });

  it('a grouped row, in the writer order (and the CSV columns)', async () => {
    const body = await written([ROW, TOTALS]);
    expect(names(ReportUtilityGroupedRowDto)).toEqual(Object.keys(body.reportByProduct[0]));
    expect(names(ReportUtilityGroupedRowDto)).toEqual([...GROUPED_COLUMNS]);
  });

  it('a detail row, in the writer order (and the CSV columns)', async () => {
    const body = await written([DETAIL, TOTALS]);
    expect(names(ReportUtilityDetailRowDto)).toEqual(Object.keys(body.reportByProduct[0]));
    expect(names(ReportUtilityDetailRowDto)).toEqual([...DETAIL_COLUMNS]);
  });

  it('the totals, in the writer order', async () => {
    expect(names(ReportUtilityTotalsDto)).toEqual(Object.keys((await written([TOTALS])).totals));
  });
});
