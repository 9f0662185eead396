/** `client.channels`: channel invites, voice channel status, thread members. */
import {
  type IterateThreadMembersOptions,
  iterateThreadMembers,
  type ListedThreadMember,
} from '../paginate/iterateThreadMembers.js';
import {
  callThrough,
  type FacadeArgs,
  type FacadeParams,
  type FacadeResult,
  type RestCaller,
} from './facadeTypes.js';

/**
 * Channel operations: create and list invites, set a voice channel's status, read thread members.
 * One method per operation, each a thin `call`; `iterateThreadMembers` walks a thread page by page.
 */
export class ChannelsFacade {
  readonly #client: RestCaller;

  constructor(client: RestCaller) {
    this.#client = client;
  }

  /**
   * Creates an invite to a channel, optionally limited to a CSV of users and granting roles.
   *
   * Create Channel Invite: `POST /channels/{channel_id}/invites`. Bot token. Needs CREATE_INSTANT_INVITE.
   * `reason` goes to the audit log. Not retried after a failure (not safe to repeat).
   */
  createInvite(...args: FacadeArgs<'createChannelInvite'>): FacadeResult<'createChannelInvite'> {
    return callThrough(this.#client, 'createChannelInvite', args);
  }

  /**
   * Lists a channel's invites with their metadata; granted roles come as partial roles.
   *
   * Get Channel Invites: `GET /channels/{channel_id}/invites`. Bot token. Needs MANAGE_CHANNELS.
   */
  getInvites(...args: FacadeArgs<'getChannelInvites'>): FacadeResult<'getChannelInvites'> {
    return callThrough(this.#client, 'getChannelInvites', args);
  }

  /**
   * Sets or clears a voice channel's short status text (at most 500 characters).
   *
   * Set Voice Channel Status: `PUT /channels/{channel_id}/voice-status`. Bot token. Needs
   * SET_VOICE_CHANNEL_STATUS (plus MANAGE_CHANNELS when the bot is not connected to the voice channel).
   */
  setVoiceStatus(...args: FacadeArgs<'setVoiceChannelStatus'>): FacadeResult<'setVoiceChannelStatus'> {
    return callThrough(this.#client, 'setVoiceChannelStatus', args);
  }

  /**
   * Lists a thread's members; with_member adds guild members and pages with after and limit.
   *
   * List Thread Members: `GET /channels/{channel_id}/thread-members`. Bot token.
   */
  listThreadMembers(...args: FacadeArgs<'listThreadMembers'>): FacadeResult<'listThreadMembers'> {
    return callThrough(this.#client, 'listThreadMembers', args);
  }

  /**
   * Reads one member of a thread; with_member adds the guild member.
   *
   * Get Thread Member: `GET /channels/{channel_id}/thread-members/{user_id}`. Bot token.
   */
  getThreadMember(...args: FacadeArgs<'getThreadMember'>): FacadeResult<'getThreadMember'> {
    return callThrough(this.#client, 'getThreadMember', args);
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
