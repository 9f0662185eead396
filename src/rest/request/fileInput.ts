/** What a file field of a multipart request may be given as. */

/**
 * File contents: text, a Blob (or File), bytes (a Node Buffer is one), or — for large files — a
 * stream: a web ReadableStream or any async iterable of chunks (a Node Readable is one). A request
 * whose file streams is sent once: it is not retried, since the stream cannot be read twice.
 */
export type FileData =
  | string
  | Blob
  | Uint8Array
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | string>;

/** File contents with an explicit file name and content type. */
export interface FileDescriptor {
  readonly data: FileData;
  /** @defaultValue the File's name, else `<field>.csv` for CSV fields, else the field name */
  readonly filename?: string;
  /** @defaultValue the Blob's type, else guessed from the file name, else `application/octet-stream` */
  readonly contentType?: string;
}

/** A value for a file field. */
export type FileInput = FileData | FileDescriptor;

/** Whether `value` is a stream of file contents (a web ReadableStream or an async iterable). */
export function isStreamData(
  value: unknown,
): value is ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string> {
  if (typeof ReadableStream !== 'undefined' && value instanceof ReadableStream) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  );
}

/** Whether `value` is usable as file contents. */
export function isFileData(value: unknown): value is FileData {
  return (
    typeof value === 'string' ||
    value instanceof Uint8Array ||
    (typeof Blob !== 'undefined' && value instanceof Blob) ||
    isStreamData(value)
  );
}

/** Whether `value` is usable as a file field's value. */
export function isFileInput(value: unknown): value is FileInput {
  if (isFileData(value)) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    'data' in value &&
    isFileData((value as FileDescriptor).data)
  );
}

/** Whether a file input is a stream (its request cannot be sent twice). */
export function isStreamInput(value: FileInput): boolean {
  return isStreamData(isFileData(value) ? value : value.data);
}
