import type { LegacyInput, LegacyObjectSchema } from './legacy-json';

/**
 * Compile-time link between a type that carries a response (a handler's view, a response DTO)
 * and the legacy writer's schema for it: `true` only when both have exactly the same field
 * names, otherwise an object naming the missing and extra ones, which `ExpectTrue` rejects.
 * Field ORDER is not a type property: `legacySchemaDrift` checks it in a spec.
 *
 *     export type PagoDtoFields = ExpectTrue<WireFieldsMatch<PagoDto, typeof PAGO_SCHEMA>>;
 */
export type WireFieldsMatch<T, S extends LegacyObjectSchema> = [Exclude<keyof S, keyof T>, Exclude<keyof T, keyof S>] extends [never, never]
  ? true
  : { missingFromType: Exclude<keyof S, keyof T>; notInSchema: Exclude<keyof T, keyof S> };

/** WireFieldsMatch, and every field's value type is one the writer accepts for its kind. */
export type WireViewMatch<T, S extends LegacyObjectSchema> = [T] extends [LegacyInput<S>] ? WireFieldsMatch<T, S> : { notWritableBy: S };

/** Does not compile unless T is `true`. */
export type ExpectTrue<T extends true> = T;
