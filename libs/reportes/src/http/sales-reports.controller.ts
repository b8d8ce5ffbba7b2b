import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { BusinessScope } from '@nomina-api/platform/auth';
import { respond } from '@nomina-api/platform/export';
import { Conditional, ValidDto } from '@nomina-api/platform/http';
import { CurrentBusinessScope, CurrentTenant, Secured } from '@nomina-api/platform/tenancy';
import { ReportUtilityQuery } from '../queries/report-utility/report-utility.query';
import { SalesByCategoryQuery } from '../queries/sales-by-category/sales-by-category.query';
import { SalesByCategoryRequestDto, SalesByProductRequestDto } from './dto/sales-report.request.dto';
import { reportUtilityCriteria, SALES_BY_CATEGORY_REPLY, SALES_BY_PRODUCT_REPLY, salesCriteria } from './report-utility.reply';
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
  reportSalesByProduct(
    @Query(ValidDto) params: SalesByProductRequestDto,
    @CurrentTenant() tenantId: string,
    @CurrentBusinessScope() scope: BusinessScope,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    // The profitability report's own query: one definition of what a sale line adds up to.
    const query = new ReportUtilityQuery(tenantId, reportUtilityCriteria(params, scope));
    return respond(this.queryBus, reply, SALES_BY_PRODUCT_REPLY, query);
  }

  @Get('reportSalesByCategory')
  @Header('Vary', 'Accept')
  @ApiReportSalesByCategory()
  reportSalesByCategory(
    @Query(ValidDto) params: SalesByCategoryRequestDto,
    @CurrentTenant() tenantId: string,
    @CurrentBusinessScope() scope: BusinessScope,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<unknown> {
    return respond(this.queryBus, reply, SALES_BY_CATEGORY_REPLY, new SalesByCategoryQuery(tenantId, salesCriteria(params, scope)));
  }
}
