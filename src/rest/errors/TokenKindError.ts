/**
 * The client holds the wrong kind of token for an operation (a bearer token for a bot-only route, no
 * token at all, …). Thrown before anything is sent; it names the operation and the kind it needs, never
 * the token.
 */
import type { RouteAuth } from '../../spec/route.js';
import { ValidationError } from './ValidationError.js';

/** The kind of token a request would have carried. */
export type TokenKind = 'bot' | 'bearer' | 'none';

const needs: Readonly<Record<RouteAuth, string>> = {
  bot: 'a bot token ({ bot })',
  bearer: "a user's bearer token ({ bearer })",
  either: 'a bot or a bearer token',
  none: 'no token',
};

const has: Readonly<Record<TokenKind, string>> = {
  bot: 'a bot token',
  bearer: 'a bearer token',
  none: 'no token',
};

/** An operation needs another kind of token than the one the call would use. */
export class TokenKindError extends ValidationError {
  override readonly name: string = 'TokenKindError';
  override readonly code: string = 'WRONG_TOKEN_KIND';
  /** What the operation accepts. */
  readonly required: RouteAuth;
  /** What the call would have used. */
  readonly given: TokenKind;

  constructor(operation: string, required: RouteAuth, given: TokenKind) {
    super(
      [
        {
          path: ['auth'],
          field: 'auth',
          code: 'wrong_token_kind',
          message: `${operation} needs ${needs[required]}, but the call has ${has[given]}; pass \`auth\` to the call or the client`,
        },
      ],
      { operation },
    );
    this.required = required;
    this.given = given;
  }

  protected override details(): Record<string, unknown> {
    return { ...super.details(), required: this.required, given: this.given };
  }
}
