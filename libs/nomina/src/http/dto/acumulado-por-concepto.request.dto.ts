import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { type FieldProblem, validationError } from '@nomina-api/platform/errors';
import { collectConceptosAcumuladosParams, type ConceptosAcumuladosParams, pathFlag } from './conceptos-acumulados.request.dto';

/**
 * Path of GET /pagoEmpleadoDetalles/conceptosacumulados/{fechaDesde}/{fechaHasta}/{isDetalleParaAportes}/{porContacto}
 * (CONTRACT §11.2): the rules of §3.7 plus `porContacto` (`true`/`false`, any case).
 */
export interface AcumuladoPorConceptoParams extends ConceptosAcumuladosParams {
  porContacto: boolean;
}

/** Validates the four path values; a 400 lists every offending parameter. */
export function parseAcumuladoPorConceptoParams(path: Record<string, string | undefined>): AcumuladoPorConceptoParams {
  const errors: FieldProblem[] = [];
  const range = collectConceptosAcumuladosParams(path.fechaDesde ?? '', path.fechaHasta ?? '', path.isDetalleParaAportes ?? '', errors);
  const porContacto = pathFlag('porContacto', path.porContacto ?? '', errors);
  if (errors.length > 0) throw validationError(errors);
  return { ...range, porContacto };
}

/** `@Param(AcumuladoPorConceptoPath)`: the route's whole path object in, the typed parameters out. */
@Injectable()
export class AcumuladoPorConceptoPath implements PipeTransform<Record<string, string>, AcumuladoPorConceptoParams> {
  transform(path: Record<string, string>, _metadata?: ArgumentMetadata): AcumuladoPorConceptoParams {
    return parseAcumuladoPorConceptoParams(path ?? {});
  }
}
