/** Scalar spellings of the import format (../shared/contract/dataset.schema.json), shared by every context's part of it. */
export type Uuid = string;
export type IsoDate = string; // YYYY-MM-DD
export type Instant = string; // ISO-8601 with Z
