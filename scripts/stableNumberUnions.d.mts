/** `code` with every run of number literals in a union sorted ascending. */
export declare function sortNumberUnions(code: string): string;
/** A rollup plugin applying {@link sortNumberUnions} to every chunk. */
export declare function stableNumberUnions(): {
  name: string;
  renderChunk(code: string): { code: string; map: null };
};
