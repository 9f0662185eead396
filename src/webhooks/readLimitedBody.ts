/** Reads a Fetch API body stream whole, unless it grows past a limit. */

/** What {@link readLimitedBody} read: the bytes, or `tooLarge`. */
export type LimitedBody = { readonly bytes: Uint8Array } | { readonly tooLarge: true };

/** Reads `stream` (null: empty) up to `maxBytes`; stops and cancels it once it goes past. */
export async function readLimitedBody(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
): Promise<LimitedBody> {
  if (stream === null) return { bytes: new Uint8Array(0) };
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  return { bytes: concatBytes(chunks, total) };
}

/** One array holding `chunks` in order. */
export function concatBytes(chunks: readonly Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
