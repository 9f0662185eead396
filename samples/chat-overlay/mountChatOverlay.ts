/**
 * The chat overlay's controller: one player with a bearer token joins a lobby by secret and chats.
 * It drives a {@link PlayerRuntime} from the page (the browser loop binding), polls messages with
 * backoff (or takes them from the game, which relays them as they arrive), and keeps the
 * {@link ChatOverlayView} in step: members, messages, idle countdown, linked channel, states.
 */
import {
  type BrowserWindowLike,
  bindBrowserLoop,
  type Clock,
  keepaliveTransport,
  LobbyClient,
  type LobbyMessage,
  type PlayerLobby,
  PlayerRuntime,
  SystemClock,
  type TimerHandle,
  type Transport,
} from 'lobbykit/browser';
import { ChatOverlayView, type ChatOverlayViewOptions, type OverlayMember } from './ChatOverlayView.js';
import { describeProblem, type OverlayProblem, offlineProblem } from './describeProblem.js';
import { PollBackoff, type PollBackoffOptions } from './PollBackoff.js';

/** The lobby member flag that lets a member link a channel. */
const CAN_LINK_LOBBY = 1;

/** Options of {@link mountChatOverlay}. */
export interface ChatOverlayOptions extends ChatOverlayViewOptions {
  /** The platform's API base, e.g. the emulator's `apiUrl`. */
  readonly apiUrl: string;
  /** The player's bearer token. Kept in the client; never shown or logged. */
  readonly token: string;
  /** The lobby's secret (Create or Join Lobby). */
  readonly secret: string;
  /** The player: id and the name to show. */
  readonly self: { readonly id: string; readonly name: string };
  /** The player's member metadata when joining (e.g. `{ team: 'red' }`). */
  readonly memberMetadata?: Readonly<Record<string, string>>;
  /**
   * `'poll'`: read messages with Get Lobby Messages on a backoff (a standalone overlay). `'relay'`:
   * the game pushes them with `receive()` as its server hears them (webhook events), and members
   * with `setMembers()`. @defaultValue `'poll'`
   */
  readonly messages?: 'poll' | 'relay';
  /** The channel offered to a member holding CanLinkLobby ("Link the game channel"). */
  readonly linkChannelId?: string;
  /** The polling schedule. */
  readonly poll?: PollBackoffOptions;
  /** `'raf'`: the binding ticks on animation frames; `'manual'`: the game calls `frame()`. @defaultValue `'raf'` */
  readonly loop?: 'raf' | 'manual';
  /** The window the binding and the offline state listen on. @defaultValue `globalThis` */
  readonly window?: BrowserWindowLike;
  /** Time for polling and the countdown. @defaultValue `SystemClock` */
  readonly clock?: Clock;
  /** How requests go out. @defaultValue `keepaliveTransport()` (fetch) */
  readonly transport?: Transport;
  /** How often the countdown is redrawn. @defaultValue `250` */
  readonly idleRedrawMs?: number;
}

/** A mounted overlay. */
export interface ChatOverlay {
  readonly view: ChatOverlayView;
  /** Resolves with the joined lobby, or null when joining failed for good (the view says why). */
  readonly ready: Promise<PlayerLobby | null>;
  /** The lobby, once joined. */
  readonly lobby: PlayerLobby | undefined;
  /** Ticks the runtime once (with `loop: 'manual'`, call it from the game's frame). */
  frame(): void;
  /** Shows messages the game relayed (ids already shown are skipped). */
  receive(messages: readonly LobbyMessage[]): void;
  /** Replaces the member list with what the game knows (names and metadata from its server). */
  setMembers(
    members: readonly { id: string; name: string | null; metadata: Readonly<Record<string, string>> }[],
  ): void;
  /** Stops polling and the loop binding, and lets the lobby go here (the player stays a member). */
  dispose(): Promise<void>;
}

/**
 * Mounts the chat overlay under `root` and joins the lobby.
 *
 * @example
 * ```ts
 * const overlay = mountChatOverlay(document.querySelector('#chat')!, {
 *   apiUrl, token, secret: 'match-42', self: { id: userId, name: 'alice' },
 * });
 * await overlay.ready;
 * ```
 */
export function mountChatOverlay(root: HTMLElement, options: ChatOverlayOptions): ChatOverlay {
  const clock = options.clock ?? new SystemClock();
  const win = options.window ?? (globalThis as unknown as BrowserWindowLike);
  const view = new ChatOverlayView(root, options);
  const keepalive = options.transport === undefined ? keepaliveTransport() : undefined;
  const transport: Transport = options.transport ?? (keepalive as Transport);
  // A 429 is shown at once (the overlay backs off by itself) rather than waited out in the client:
  // development limits can ask for hours, and the player should see why nothing happens.
  const rest = new LobbyClient({
    baseUrl: options.apiUrl,
    auth: { bearer: options.token },
    transport,
    clock,
    max429Retries: 0,
    maxRateLimitWaitMs: 0,
    maxRetries: 1,
  });
  const runtime = new PlayerRuntime({ rest, clock, timers: false, messagePollMs: 0 });
  const binding = bindBrowserLoop(runtime, {
    window: win,
    loop: options.loop ?? 'raf',
    ...(keepalive === undefined ? {} : { keepalive }),
  });
  const backoff = new PollBackoff(options.poll);
  const names = new Map<string, string>([[options.self.id, options.self.name]]);
  const relayed = options.messages === 'relay';
  let relayedMembers: OverlayMember[] | undefined;
  let lobby: PlayerLobby | undefined;
  let pollTimer: TimerHandle | undefined;
  let idleTimer: TimerHandle | undefined;
  let offline = false;
  let ended = false;
  let disposed = false;

  const show = (problem: OverlayProblem) => {
    // A lobby gone or a refused token ends the session; any other problem passes with the next success.
    if (problem.state === 'lobby-gone' || problem.state === 'token-refused') ended = true;
    view.setState(problem.state, problem.text);
  };
  const ready = () => {
    if (!ended && !offline) view.setState('ready', `In the lobby as ${options.self.name}`);
  };
  const toView = (message: LobbyMessage): boolean => {
    const author = message.author;
    const name = author.global_name ?? author.username;
    if (names.get(author.id) !== name) {
      names.set(author.id, name);
      renderMembers();
    }
    return view.addMessage({
      id: message.id,
      authorName: name,
      content: message.content,
      mine: author.id === options.self.id,
    });
  };
  const renderMembers = () => {
    if (relayedMembers !== undefined) {
      view.setMembers(relayedMembers);
      return;
    }
    if (lobby === undefined) return;
    const members: OverlayMember[] = [...lobby.members.values()].map((m) => ({
      id: m.id,
      name: m.additionalName ?? names.get(m.id) ?? null,
      metadata: m.metadata,
      self: m.id === options.self.id,
    }));
    // A player sees the membership that joining answered; who joined since shows up by chatting
    // (Get Lobby is bot-only: inside a game, its server pushes the list instead).
    for (const [id, name] of names) {
      if (!lobby.members.has(id)) members.push({ id, name, metadata: {}, self: id === options.self.id });
    }
    view.setMembers(members);
  };
  const canLink = () =>
    options.linkChannelId !== undefined &&
    ((lobby?.members.get(options.self.id)?.flags ?? 0) & CAN_LINK_LOBBY) !== 0;
  const renderChannel = () => {
    const channel = lobby?.linkedChannel ?? null;
    view.setChannel(channel === null ? null : { name: channel.name ?? null }, { canLink: canLink() });
    if (lobby !== undefined) view.setIdle(lobby.idle); // a linked lobby never idles
  };
  const redrawIdle = () => {
    if (disposed) return;
    if (lobby !== undefined && !lobby.released) view.setIdle(lobby.idle);
    idleTimer = clock.setTimeout(redrawIdle, options.idleRedrawMs ?? 250);
  };

  const schedulePoll = (ms: number) => {
    if (relayed || disposed || ended) return;
    if (pollTimer !== undefined) clock.clearTimeout(pollTimer);
    pollTimer = clock.setTimeout(() => void poll(), ms);
  };
  const poll = async () => {
    pollTimer = undefined;
    if (lobby === undefined || disposed || ended) return;
    if (offline) return; // `online` polls again
    try {
      const fresh = await lobby.pollMessages();
      for (const message of fresh) toView(message);
      ready();
      schedulePoll(backoff.succeeded(fresh.length));
    } catch (error) {
      const problem = describeProblem(error);
      show(problem);
      if (problem.retryable) schedulePoll(backoff.failed(problem.retryAfterMs));
    }
  };

  const attach = (joined: PlayerLobby) => {
    lobby = joined;
    joined.on('message', ({ message, origin }) => {
      if (origin === 'local') toView(message);
    });
    joined.on('memberAdded', renderMembers);
    joined.on('memberUpdated', renderMembers);
    joined.on('memberRemoved', renderMembers);
    joined.on('linkedChannelChanged', renderChannel);
    joined.on('deleted', () =>
      show({
        state: 'lobby-gone',
        text: 'This lobby is gone (it was deleted or idled out).',
        retryable: false,
      }),
    );
    renderMembers();
    renderChannel();
    ready();
  };

  const join = async (attempt: number): Promise<PlayerLobby | null> => {
    try {
      const joined = await runtime.join(options.secret, {
        ...(options.memberMetadata ? { memberMetadata: options.memberMetadata } : {}),
      });
      if (disposed) return null;
      attach(joined);
      schedulePoll(0);
      return joined;
    } catch (error) {
      const problem = describeProblem(error);
      show(problem);
      if (!problem.retryable || disposed) return null;
      // Offline or a rate limit while joining: wait and try again.
      const wait = Math.max(problem.retryAfterMs ?? 0, Math.min(30_000, 1_000 * 2 ** attempt));
      await new Promise<void>((resolve) => clock.setTimeout(resolve, wait));
      return disposed ? null : join(attempt + 1);
    }
  };

  const onOffline = () => {
    offline = true;
    view.setState(offlineProblem.state, offlineProblem.text);
  };
  const onOnline = () => {
    if (!offline) return;
    offline = false;
    if (lobby === undefined || ended) return;
    ready();
    schedulePoll(backoff.reset());
  };
  win.addEventListener('offline', onOffline);
  win.addEventListener('online', onOnline);
  if (win.navigator?.onLine === false) onOffline();

  view.bind({
    async send(text) {
      if (lobby === undefined) return false;
      try {
        await lobby.sendMessage(text);
        ready();
        schedulePoll(backoff.reset());
        return true;
      } catch (error) {
        show(describeProblem(error));
        return false;
      }
    },
    async joinServer() {
      if (lobby === undefined) return;
      try {
        const { code } = await lobby.createInvite();
        view.showInvite(code);
        ready();
      } catch (error) {
        show(describeProblem(error));
      }
    },
    async linkChannel() {
      if (lobby === undefined || options.linkChannelId === undefined) return;
      try {
        await lobby.linkChannel(options.linkChannelId);
        renderChannel();
        ready();
      } catch (error) {
        show(describeProblem(error));
      }
    },
  });
  redrawIdle();

  return {
    view,
    ready: join(0),
    get lobby() {
      return lobby;
    },
    frame: () => void binding.frame(),
    receive(messages) {
      // A relayed message is activity on the platform: the countdown starts over here too.
      for (const message of messages) if (toView(message)) lobby?.touch();
    },
    setMembers(members) {
      relayedMembers = members.map((m) => ({
        id: m.id,
        name: m.name ?? names.get(m.id) ?? null,
        metadata: m.metadata,
        self: m.id === options.self.id,
      }));
      for (const m of members) if (m.name !== null) names.set(m.id, m.name);
      view.setMembers(relayedMembers);
    },
    async dispose() {
      disposed = true;
      if (pollTimer !== undefined) clock.clearTimeout(pollTimer);
      if (idleTimer !== undefined) clock.clearTimeout(idleTimer);
      win.removeEventListener('offline', onOffline);
      win.removeEventListener('online', onOnline);
      binding.detach();
      await runtime.dispose();
    },
  };
}
