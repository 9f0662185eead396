/**
 * Gateway errors: {@link GatewayCloseError} when the platform closed the connection with a code that
 * must not be retried (bad token, invalid or disallowed intents, invalid shard, …), and
 * {@link GatewayRateLimitError} when a command was refused with RATE_LIMITED.
 */
import { gatewayCloseCodeNames } from '../spec/gateway.js';
import { LobbykitError } from '../rest/errors/LobbykitError.js';

/** The connection closed for good: reconnecting cannot help. `closeCode` says why. */
export class GatewayCloseError extends LobbykitError {
  override readonly name: string = 'GatewayCloseError';
  override readonly code: string = 'GATEWAY_CLOSED';
  /** The gateway close code (4004 authentication failed, 4014 disallowed intents, …). */
  readonly closeCode: number;
  /** The close code's name (`AUTHENTICATION_FAILED`, …), or `UNKNOWN`. */
  readonly closeName: string;

  constructor(closeCode: number, reason = '') {
    const closeName = gatewayCloseCodeNames[closeCode] ?? 'UNKNOWN';
    super(`gateway closed with ${closeCode} ${closeName}${reason ? `: ${reason}` : ''}; not reconnecting`);
    this.closeCode = closeCode;
    this.closeName = closeName;
  }

  protected override details(): Record<string, unknown> {
    return { closeCode: this.closeCode, closeName: this.closeName };
  }
}

/** A gateway command (Request Guild Members) was refused with RATE_LIMITED. */
export class GatewayRateLimitError extends LobbykitError {
  override readonly name: string = 'GatewayRateLimitError';
  override readonly code: string = 'GATEWAY_RATE_LIMITED';
  /** The refused opcode (8). */
  readonly opcode: number;
  /** Seconds to wait before asking again, as the platform sent it. */
  readonly retryAfter: number;
  /** The guild the request was for. */
  readonly guildId: string;

  constructor(init: { opcode: number; retryAfter: number; guildId: string }) {
    super(
      `gateway opcode ${init.opcode} rate limited for guild ${init.guildId}; retry after ${init.retryAfter} s`,
    );
    this.opcode = init.opcode;
    this.retryAfter = init.retryAfter;
    this.guildId = init.guildId;
  }

  protected override details(): Record<string, unknown> {
    return { opcode: this.opcode, retryAfter: this.retryAfter, guildId: this.guildId };
  }
}

/** The client was closed, or its session was replaced, while the operation waited. */
export class GatewayClosedError extends LobbykitError {
  override readonly name: string = 'GatewayClosedError';
  override readonly code: string = 'GATEWAY_NOT_OPEN';

  constructor(message = 'the gateway client was closed') {
    super(message);
  }
}

/** Whether `value` is a {@link GatewayCloseError}. */
export function isGatewayCloseError(value: unknown): value is GatewayCloseError {
  return value instanceof LobbykitError && value.name === 'GatewayCloseError';
}

/** Whether `value` is a {@link GatewayRateLimitError}. */
export function isGatewayRateLimitError(value: unknown): value is GatewayRateLimitError {
  return value instanceof LobbykitError && value.name === 'GatewayRateLimitError';
}
