/** Which request an error is about: operation, method, route template and the path with its ids. */
export interface RequestContext {
  /** The operation's name in the route table, e.g. `getLobby`. */
  readonly operation: string;
  /** The HTTP method. */
  readonly method: string;
  /** The path template below the API base, e.g. `/lobbies/{lobby_id}`. */
  readonly route: string;
  /** The path that was requested, with its ids and without query string, e.g. `/lobbies/123`. */
  readonly path: string;
}

/** `GET /lobbies/123` */
export function describeRequest(ctx: RequestContext): string {
  return `${ctx.method} ${ctx.path}`;
}

/** The context's fields, for `toJSON()`. */
export function contextDetails(ctx: RequestContext): Record<string, string> {
  return { operation: ctx.operation, method: ctx.method, route: ctx.route, path: ctx.path };
}
