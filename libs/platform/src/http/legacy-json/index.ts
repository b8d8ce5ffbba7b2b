export * from './legacy-json';
export { formatJavaDouble, formatJavaDoubleNumber, formatJavaDoubleDecimalString } from './java-double';
export { LegacyJsonError, quoteJsonString } from './legacy-scalars';
export { documentedProperties, legacySchemaDrift } from './dto-drift';
export type { ExpectTrue, WireFieldsMatch, WireViewMatch } from './wire-fields';
