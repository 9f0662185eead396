/**
 * The requests a gateway session answers with dispatches: Request Guild Members (opcode 8, answered
 * by Guild Members Chunks matched by nonce, or RATE_LIMITED) and Request Channel Info (opcode 43,
 * answered by CHANNEL_INFO for the guild). `GatewayClient` feeds it every dispatch.
 */
import { abortReason } from '../rest/util/abortableSleep.js';
import { subscribeAbort } from '../rest/util/subscribeAbort.js';
import { GatewayOpcode } from '../spec/gateway.js';
import type {
  ChannelInfoEvent,
  GatewayRateLimitedEvent,
  GuildMembersChunkEvent,
} from '../spec/schemas/gateway.js';
import { ChunkStream } from './ChunkStream.js';
import { GatewayClosedError, GatewayRateLimitError } from './gatewayErrors.js';

/** Options of `GatewayClient.requestGuildMembers`. */
export interface RequestGuildMembersOptions {
  readonly guildId: string;
  /** A username prefix; `''` with `limit: 0` asks for every member (needs GUILD_MEMBERS). */
  readonly query?: string;
  readonly limit?: number;
  readonly userIds?: readonly string[];
  readonly presences?: boolean;
  readonly signal?: AbortSignal;
}

/** Options of `GatewayClient.requestChannelInfo`. */
export interface RequestChannelInfoOptions {
  readonly guildId: string;
  /** @defaultValue `['status', 'voice_start_time']` */
  readonly fields?: readonly ('status' | 'voice_start_time')[];
  readonly signal?: AbortSignal;
}

interface PendingInfo {
  readonly guildId: string;
  readonly resolve: (event: ChannelInfoEvent) => void;
  readonly reject: (error: unknown) => void;
}

/** What the requests need of the client: a rate-limited send, and fresh nonces. */
export interface RequestsHost {
  send(payload: unknown, signal?: AbortSignal): Promise<void>;
  nonce(): string;
}

/** Pending opcode 8 and 43 requests of one client. */
export class GatewayRequests {
  readonly #host: RequestsHost;
  readonly #chunks = new Map<string, ChunkStream>();
  #infos: PendingInfo[] = [];
  #count = 0;

  constructor(host: RequestsHost) {
    this.#host = host;
  }

  /** Sends Request Guild Members; the stream yields its chunks. */
  guildMembers(
    options: RequestGuildMembersOptions,
    closed: boolean,
  ): AsyncIterableIterator<GuildMembersChunkEvent> {
    const nonce = `${++this.#count}-${this.#host.nonce()}`.slice(0, 32);
    const signal = options.signal;
    const stream = new ChunkStream(() => {
      this.#chunks.delete(nonce);
      unsubscribe?.();
    });
    const unsubscribe = signal && subscribeAbort(signal, () => stream.fail(abortReason(signal)));
    if (closed) stream.fail(new GatewayClosedError());
    else if (signal?.aborted) stream.fail(abortReason(signal));
    else {
      this.#chunks.set(nonce, stream);
      const d: Record<string, unknown> = { guild_id: options.guildId, nonce };
      if (options.userIds) d.user_ids = [...options.userIds];
      else {
        d.query = options.query ?? '';
        d.limit = options.limit ?? 0;
      }
      if (options.presences) d.presences = true;
      this.#host
        .send({ op: GatewayOpcode.REQUEST_GUILD_MEMBERS, d }, signal)
        .catch((error: unknown) => stream.fail(error));
    }
    return stream;
  }

  /** Sends Request Channel Info; resolves with the next CHANNEL_INFO of the guild. */
  channelInfo(options: RequestChannelInfoOptions, closed: boolean): Promise<ChannelInfoEvent> {
    if (closed) return Promise.reject(new GatewayClosedError());
    const signal = options.signal;
    return new Promise<ChannelInfoEvent>((resolve, reject) => {
      const unsubscribe =
        signal &&
        subscribeAbort(signal, () => {
          this.#infos = this.#infos.filter((p) => p !== pending);
          reject(abortReason(signal));
        });
      const pending: PendingInfo = {
        guildId: options.guildId,
        resolve: (e) => {
          unsubscribe?.();
          resolve(e);
        },
        reject: (e) => {
          unsubscribe?.();
          reject(e);
        },
      };
      this.#infos.push(pending);
      const d = {
        guild_id: options.guildId,
        fields: [...(options.fields ?? ['status', 'voice_start_time'])],
      };
      this.#host.send({ op: GatewayOpcode.REQUEST_CHANNEL_INFO, d }, signal).catch((error: unknown) => {
        this.#infos = this.#infos.filter((p) => p !== pending);
        pending.reject(error);
      });
    });
  }

  /** Routes a dispatch to the request it answers, if any. */
  onDispatch(t: string, d: unknown): void {
    if (t === 'GUILD_MEMBERS_CHUNK') {
      const chunk = d as GuildMembersChunkEvent;
      this.#chunks.get(chunk.nonce ?? '')?.push(chunk);
    } else if (t === 'RATE_LIMITED') {
      const event = d as GatewayRateLimitedEvent;
      this.#chunks.get(event.meta.nonce ?? '')?.fail(
        new GatewayRateLimitError({
          opcode: event.opcode,
          retryAfter: event.retry_after,
          guildId: event.meta.guild_id,
        }),
      );
    } else if (t === 'CHANNEL_INFO') {
      const info = d as ChannelInfoEvent;
      const pending = this.#infos.find((p) => p.guildId === info.guild_id);
      if (pending) {
        this.#infos = this.#infos.filter((p) => p !== pending);
        pending.resolve(info);
      }
    }
  }

  /** Fails every pending request (the session ended, or the client closed). */
  failAll(error: Error): void {
    for (const stream of [...this.#chunks.values()]) stream.fail(error);
    const infos = this.#infos;
    this.#infos = [];
    for (const pending of infos) pending.reject(error);
  }
}
