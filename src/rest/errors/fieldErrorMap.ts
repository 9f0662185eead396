/** Groups issues by field: `{ 'members[0].id': ['must be a snowflake'] }`. */
export function fieldErrorMap(
  issues: readonly { field: string; message: string }[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const list = out[issue.field];
    if (list) list.push(issue.message);
    else out[issue.field] = [issue.message];
  }
  return out;
}
