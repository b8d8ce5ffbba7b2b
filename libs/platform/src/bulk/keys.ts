/**
 * The keys rows are compared and written by, shared by the importer's validator and the contexts'
 * loaders. They run once per line of a million-line file: no regular expressions on the common path.
 */

/**
 * The key a uuid is compared and written by: the canonical lowercase 8-4-4-4-12 form. The common
 * spelling (36 characters, lowercase) costs nothing: V8 returns the same string from toLowerCase.
 * Input must match the schema's pattern (hex digits, hyphens optional between the groups).
 */
export function uuidKey(value: string): string {
  if (value.length === 36) return value.toLowerCase();
  const hex = value.length === 32 ? value : value.replace(/-/g, '');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`.toLowerCase();
}

/** The key an e-mail is unique by (login_directory.email_key). */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}
