/** JS twin of the database's app_fold (lower(unaccent())): NFD, strip combining marks, lower case. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Escapes LIKE's metacharacters for `like ... escape '\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

/**
 * SQL LIKE pattern for the accent/case-folded filter, folded in JS: '%' + escaped(fold(filter))
 * + '%' (use with `like $n escape '\'`). Close to, but not always equal to, the database's
 * app_fold (unaccent also maps ligatures and full-width forms, e.g. '％' → '%'); prefer
 * `foldedContainsPatternSql`, which folds in SQL so both sides agree exactly.
 */
export function likeContains(filter: string): string {
  return '%' + escapeLike(foldText(filter)) + '%';
}

/**
 * SQL expression for the LIKE pattern of a filter held in the bind parameter `param` (e.g. '$2'):
 * the text is folded with app_fold first and escaped after, so characters that unaccent turns
 * into '%', '_' or '\' stay literal. Use as `x_fold like ${foldedContainsPatternSql('$2')} escape '\'`;
 * with an unnamed statement the planner folds it to a constant, so trigram indexes apply.
 */
export function foldedContainsPatternSql(param: string): string {
  if (!/^\$[1-9][0-9]*$/.test(param)) throw new Error(`foldedContainsPatternSql: ${param} is not a bind parameter`);
  return `('%' || replace(replace(replace(app_fold(${param}::text), '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;
}
