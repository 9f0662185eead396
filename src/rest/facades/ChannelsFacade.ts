/** `client.channels`: channel invites, voice channel status, thread members. */
import {
  type IterateThreadMembersOptions,
  iterateThreadMembers,
  type ListedThreadMember,
} from '../paginate/iterateThreadMembers.js';
import { facadeOf } from './facadeOf.js';
import type { FacadeParams, RestCaller } from './facadeTypes.js';

/** The channel operations by method name (each entry's TSDoc is written from THE route table). */
interface ChannelOperations {
  /**
   * Creates an invite to a channel, optionally limited to a CSV of users and granting roles.
   *
   * Create Channel Invite: `POST /channels/{channel_id}/invites`. Bot token. Needs CREATE_INSTANT_INVITE.
   * `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  createInvite: 'createChannelInvite';
  /**
   * Lists a channel's invites with their metadata; granted roles come as partial roles.
   *
   * Get Channel Invites: `GET /channels/{channel_id}/invites`. Bot token. Needs MANAGE_CHANNELS.
   */
  getInvites: 'getChannelInvites';
  /**
   * Sets or clears a voice channel's short status text (at most 500 characters).
   *
   * Set Voice Channel Status: `PUT /channels/{channel_id}/voice-status`. Bot token. Needs
   * SET_VOICE_CHANNEL_STATUS (plus MANAGE_CHANNELS when the bot is not connected to the voice channel).
   */
  setVoiceStatus: 'setVoiceChannelStatus';
  /**
   * Lists a thread's members; with_member adds guild members and pages with after and limit.
   *
   * List Thread Members: `GET /channels/{channel_id}/thread-members`. Bot token. Needs the GUILD_MEMBERS
   * intent.
   */
  listThreadMembers: 'listThreadMembers';
  /**
   * Reads one member of a thread; with_member adds the guild member.
   *
   * Get Thread Member: `GET /channels/{channel_id}/thread-members/{user_id}`. Bot token.
   */
  getThreadMember: 'getThreadMember';
}

/**
 * Channel operations: create and list invites, set a voice channel's status, read thread members.
 * One method per operation, each a thin `call`; `iterateThreadMembers` walks a thread page by page.
 */
export class ChannelsFacade extends facadeOf<ChannelOperations>('channels') {
  readonly #client: RestCaller;

  constructor(client: RestCaller) {
    super(client);
    this.#client = client;
  }

  // Helpers over several calls: pagination.

  /**
   * Every member of a thread, as an async iterator over List Thread Members pages (`after` cursor,
   * `with_member=true`, so each carries its guild member).
   */
  iterateThreadMembers(
    params: FacadeParams<'listThreadMembers'>,
    options?: IterateThreadMembersOptions,
  ): AsyncGenerator<ListedThreadMember, void, undefined> {
    return iterateThreadMembers(this.#client, params, options);
  }
}
