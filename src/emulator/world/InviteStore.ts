/**
 * The world's invites, by code. An invite whose `max_age` has run out (by the emulator's clock) or
 * whose uses are spent is gone: look-ups do not find it and it is dropped on the next access.
 */
import type { Clock } from '../../clock.js';
import { ErrorCode } from '../../spec/codes.js';
import { PlatformError } from '../PlatformError.js';
import type { Snowflake } from './accountRecords.js';
import type { InviteRecord } from './inviteRecords.js';

/** Fields of a new invite; the rest default (never expires, unlimited uses, type GUILD). */
export type NewInvite = Partial<Omit<InviteRecord, 'code' | 'created_at' | 'uses'>> & { code?: string };

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The world's invites. */
export class InviteStore {
  readonly #clock: Clock;
  readonly #random: (bytes: number) => Uint8Array;
  readonly #invites = new Map<string, InviteRecord>();

  /** `random` supplies bytes for invite codes. */
  constructor(clock: Clock, random: (bytes: number) => Uint8Array) {
    this.#clock = clock;
    this.#random = random;
  }

  /** Makes an invite with a fresh 8-character code (or `input.code`). */
  create(input: NewInvite): InviteRecord {
    let code = input.code;
    while (code === undefined || (input.code === undefined && this.#invites.has(code)))
      code = this.#newCode();
    const invite: InviteRecord = {
      type: 0,
      guild_id: null,
      channel_id: null,
      inviter_id: null,
      target_type: null,
      target_user_id: null,
      target_application_id: null,
      max_age: 0,
      max_uses: 0,
      temporary: false,
      flags: 0,
      role_ids: [],
      target_user_ids: null,
      target_users_job: null,
      lobby_id: null,
      ...input,
      code,
      uses: 0,
      created_at: this.#clock.now(),
    };
    this.#invites.set(code, invite);
    return invite;
  }

  /** The live invite, or undefined (expired and used-up invites are dropped here). */
  get(code: string): InviteRecord | undefined {
    const invite = this.#invites.get(code);
    if (invite && !this.isLive(invite)) {
      this.#invites.delete(code);
      return undefined;
    }
    return invite;
  }

  /** The live invite, or a 404 code 10006 Unknown Invite. */
  require(code: string): InviteRecord {
    const invite = this.get(code);
    if (!invite) throw PlatformError.unknown(ErrorCode.UNKNOWN_INVITE);
    return invite;
  }

  /** Deletes an invite; true when it existed. */
  delete(code: string): boolean {
    return this.#invites.delete(code);
  }

  /** The epoch-ms expiry, or null for an invite that never expires. */
  expiresAt(invite: InviteRecord): number | null {
    return invite.max_age > 0 ? invite.created_at + invite.max_age * 1000 : null;
  }

  /** Whether the invite has neither expired nor run out of uses. */
  isLive(invite: InviteRecord): boolean {
    const expires = this.expiresAt(invite);
    if (expires !== null && this.#clock.now() >= expires) return false;
    return invite.max_uses === 0 || invite.uses < invite.max_uses;
  }

  /** Live invites matching `filter`, oldest first. */
  list(filter: (invite: InviteRecord) => boolean = () => true): InviteRecord[] {
    return [...this.#invites.values()].filter((i) => this.isLive(i) && filter(i));
  }

  /** Live invites of a guild. */
  ofGuild(guildId: Snowflake): InviteRecord[] {
    return this.list((i) => i.guild_id === guildId);
  }

  /** Live invites of a channel. */
  ofChannel(channelId: Snowflake): InviteRecord[] {
    return this.list((i) => i.channel_id === channelId);
  }

  /** Every stored invite, live or not (the state dump). */
  all(): IterableIterator<InviteRecord> {
    return this.#invites.values();
  }

  /** Forgets every invite. */
  clear(): void {
    this.#invites.clear();
  }

  #newCode(): string {
    const bytes = this.#random(8);
    let code = '';
    for (const byte of bytes) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    return code;
  }
}
