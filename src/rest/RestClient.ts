/**
 * The platform's REST client: {@link RouteClient} over THE route table, so that `call` knows all 79
 * operations and their types, plus the friendly facades grouped by area.
 */
import { type Routes, routes } from '../spec/routes.js';
import { ApplicationsFacade } from './facades/ApplicationsFacade.js';
import { ChannelsFacade } from './facades/ChannelsFacade.js';
import { GatewayFacade } from './facades/GatewayFacade.js';
import { GuildsFacade } from './facades/GuildsFacade.js';
import { InvitesFacade } from './facades/InvitesFacade.js';
import { LobbiesFacade } from './facades/LobbiesFacade.js';
import { UsersFacade } from './facades/UsersFacade.js';
import type { RestClientOptions } from './restClientDefaults.js';
import { RouteClient } from './RouteClient.js';

/**
 * A client for the platform's REST API. `call(name, args)` sends any operation of the route table,
 * typed from it (payloads and answers in the wire's snake_case); the facades (`lobbies`, `guilds`,
 * `invites`, `channels`, `users`, `applications`) are thin methods over `call`, one per operation,
 * plus pagination and progress helpers. Events report requests, answers, rate limits and retries;
 * `rateLimits` shows what is known of each bucket.
 *
 * @example
 * ```ts
 * const client = new RestClient({ baseUrl: emu.apiUrl, auth: { bot: token } });
 * const lobby = await client.lobbies.create({ body: { metadata: { mode: 'duel' } } });
 * await client.lobbies.get({ lobby_id: lobby.id });
 * await client.call('getLobby', { params: { lobby_id: lobby.id } }); // the same request
 * ```
 */
export class RestClient extends RouteClient<Routes> {
  /** Lobbies: lifecycle, members, messages, moderation metadata, linked-channel invites. */
  readonly lobbies: LobbiesFacade;
  /** Guilds: settings, channels, members, roles, bans, pruning, widget, onboarding, … */
  readonly guilds: GuildsFacade;
  /** Invites by code, and the target users an invite is limited to. */
  readonly invites: InvitesFacade;
  /** Channel invites, voice channel status, thread members. */
  readonly channels: ChannelsFacade;
  /** The current user's guilds and role connections. */
  readonly users: UsersFacade;
  /** An application's role connection metadata. */
  readonly applications: ApplicationsFacade;
  /** The gateway's URL and the bot's session start limit. */
  readonly gateway: GatewayFacade;

  constructor(options: RestClientOptions = {}) {
    super({ ...options, routes });
    this.lobbies = new LobbiesFacade(this);
    this.guilds = new GuildsFacade(this);
    this.invites = new InvitesFacade(this);
    this.channels = new ChannelsFacade(this);
    this.users = new UsersFacade(this);
    this.applications = new ApplicationsFacade(this);
    this.gateway = new GatewayFacade(this);
  }
}
