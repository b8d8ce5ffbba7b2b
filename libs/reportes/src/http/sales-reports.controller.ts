import { Controller, Get, Header, Headers, Query, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { BusinessScope } from '@nomina-api/platform/auth';
import { Conditional, ValidDto } from '@nomina-api/platform/http';
import { resolveExportFormat } from '@nomina-api/platform/export';
import { CurrentBusinessScope, CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { ReportUtilityQuery } from '../queries/report-utility/report-utility.query';
import { SalesByCategoryQuery } from '../queries/sales-by-category/sales-by-category.query';
import { SalesByCategoryRequestDto, SalesByProductRequestDto } from './dto/sales-report.request.dto';
import {
  productReportBody,
  reportUtilityCriteria,
  SALES_BY_PRODUCT_REPORT,
  salesByCategoryBody,
  salesCriteria,
} from './report-utility.reply';
import { ApiReportSalesByCategory, ApiReportSalesByProduct } from './sales-reports.openapi';

/**
 * The sales reports (CONTRACT §11.4): the profitability report's parameters, business selection,
 * statuses, rows and rounding, without the premium requirement — the business checks (400/403)
 * and the tenant's only.
 */
@ApiTags('Reportes')
@Secured({ business: true })
@Conditional()
@Controller('reports')
export class SalesReportsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('reportSalesByProduct')
  @Header('Vary', 'Accept')
  @ApiReportSalesByProduct()
  async reportSalesByProduct(
    @Query(ValidDto) params: SalesByProductRequestDto,
    @CurrentTenant() tenantId: string,
    @CurrentBusinessScope() scope: BusinessScope,
    @Headers('accept') accept: string | undefined,
  ): Promise<StreamableFile> {
    // Before the read: a 400 after it would leave the opened cursor (and its connection) behind.
    const format = resolveExportFormat(params.format, accept);
    const criteria = reportUtilityCriteria(params, scope);
    const items = await this.queryBus.execute(new ReportUtilityQuery(tenantId, criteria));
    return productReportBody(SALES_BY_PRODUCT_REPORT, items, criteria.grouped, params, format);
  }

  @Get('reportSalesByCategory')
  @Header('Vary', 'Accept')
  @ApiReportSalesByCategory()
  async reportSalesByCategory(
    @Query(ValidDto) params: SalesByCategoryRequestDto,
    @CurrentTenant() tenantId: string,
    @CurrentBusinessScope() scope: BusinessScope,
    @Headers('accept') accept: string | undefined,
  ): Promise<StreamableFile> {
    const format = resolveExportFormat(params.format, accept);
    const rows = await this.queryBus.execute(new SalesByCategoryQuery(tenantId, salesCriteria(params, scope)));
    return salesByCategoryBody(rows, params, format);
  }
}
