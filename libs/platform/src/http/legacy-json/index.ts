export * from './legacy-json';
export { formatJavaDouble, formatJavaDoubleNumber, formatJavaDoubleDecimalString } from './java-double';
export { LegacyJsonError, quoteJsonString } from './legacy-scalars';
