// A rollup plugin for the bundled type declarations: writes every run of number literals in a union
// in ascending order (`1 | 2 | 5 | 6`). tsc prints a union in the order its member types were first
// created, which follows the order the program's files are checked: the same sources gave
// `1 | 2 | 3 | 4 | 6 | 7 | 8 | 5` in one checkout and `1 | 2 | … | 8` in another, and the API report
// check (scripts/api-report.mjs) failed on a fresh clone. A union's order means nothing to a type
// checker, so the published types say it one way.

/** Number literals joined by ` | `, not part of a name, a member access or a longer number. */
const run = /(?<![\w.$-])-?\d+(?:\.\d+)?(?: \| -?\d+(?:\.\d+)?)+(?![\w.])/g;

/** `code` with every run of number literals in a union sorted ascending. */
export function sortNumberUnions(code) {
  return code.replace(run, (members) =>
    members
      .split(' | ')
      .sort((a, b) => Number(a) - Number(b))
      .join(' | '),
  );
}

/** The rollup plugin: {@link sortNumberUnions} over every chunk. */
export function stableNumberUnions() {
  return {
    name: 'stable-number-unions',
    renderChunk: (code) => ({ code: sortNumberUnions(code), map: null }),
  };
}
