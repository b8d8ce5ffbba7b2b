import { CONCEPTO_SCHEMA, writeConceptos } from './dto/concepto.response.dto';
import { nominaRows } from './nomina.reply';

/** GET /conceptos: the catalog, or the file `conceptos-<fecha>`. */
export const CONCEPTOS_REPLY = nominaRows({ resource: 'conceptos', schema: CONCEPTO_SCHEMA }, writeConceptos);
