/**
 * A dedicated game server on lobbykit: one lobby per match, players arriving and leaving, match
 * state in lobby metadata, every lobby event printed as it happens, the idle countdown shown, and
 * the players' chat heard through webhook events (a signed endpoint registered at start).
 * `main()` starts the emulator in-process with its demo world and runs until Ctrl-C, which flushes
 * and exits cleanly; `runDedicatedServer()` is the server itself, pointed at any platform URL.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EventEmitter } from 'eventemitter3';
import {
  attachWebhooks,
  type Clock,
  createWebhookReceiver,
  type LobbyEvents,
  type LobbyHandle,
  LobbyRuntime,
  RestClient,
  SystemClock,
} from 'lobbykit';
import { demo, startEmulator } from 'lobbykit/emulator';
import { createNodeWebhookHandler } from 'lobbykit/node';

/** A player the simulation can send into matches. */
export interface Player {
  readonly id: string;
  readonly name: string;
  /** The player's bearer token: with one, the simulated player chats in their match. */
  readonly token?: string;
}

/** Where the server hears its players: a webhook endpoint it serves and registers at start. */
export interface DedicatedServerWebhooks {
  /** The application's public key (hex) that verifies the events. */
  readonly publicKey: string;
  /** Registers the endpoint's URL as the application's Webhook Events URL (the emulator's control API, or the portal). */
  readonly register: (url: string) => Promise<void>;
  /** @defaultValue 0 (a free port on 127.0.0.1) */
  readonly port?: number;
  /** Time for the signature timestamp check: the platform's, not the game's. @defaultValue a SystemClock */
  readonly clock?: Clock;
}

/** Options of {@link runDedicatedServer}. */
export interface DedicatedServerOptions {
  /** The platform's API base, e.g. an emulator's `apiUrl`. */
  readonly apiUrl: string;
  /** @defaultValue the demo world's bot token */
  readonly botToken?: string;
  /** @defaultValue the demo world's five users */
  readonly players?: readonly Player[];
  /** @defaultValue a SystemClock */
  readonly clock?: Clock;
  /** Waits between steps. @defaultValue a timer on `clock` */
  readonly sleep?: (ms: number) => Promise<void>;
  /** @defaultValue a PRNG seeded with 7, so that runs repeat */
  readonly random?: () => number;
  /** Where lines go. @defaultValue console.log */
  readonly print?: (line: string) => void;
  /** Steps to run. @defaultValue Infinity (until `signal` aborts) */
  readonly steps?: number;
  /** Simulated time per step. @defaultValue 1000 */
  readonly stepMs?: number;
  /** Matches running at once. @defaultValue 2 */
  readonly matches?: number;
  /** Steps a match lasts once it has two players. @defaultValue 20 */
  readonly matchSteps?: number;
  /** The lobbies' idle timeout: an ended match's lobby is deleted this long after its last change. @defaultValue 15 */
  readonly idleTimeoutSeconds?: number;
  /** Show every lobby's countdown each this many steps. @defaultValue 5 */
  readonly countdownEvery?: number;
  /** Stops the server (it flushes first). */
  readonly signal?: AbortSignal;
  /** Hear the players' lobby messages through webhook events. @defaultValue none */
  readonly webhooks?: DedicatedServerWebhooks;
  /** Chance per step that a player of a running match says something. @defaultValue 0.3 */
  readonly chatChance?: number;
}

/** What a run did. */
export interface DedicatedServerReport {
  readonly steps: number;
  readonly matchesOpened: number;
  readonly lobbiesDeleted: number;
  /** Lobby messages the players sent, and those the server heard back by webhook. */
  readonly messagesSent: number;
  readonly messagesHeard: number;
}

const CHAT_LINES = ['gg', 'nice shot!', 'rematch?', 'who has the flag?', '<b>not bold</b>', 'brb'];

interface Match {
  readonly name: string;
  readonly lobby: LobbyHandle;
  phase: 'waiting' | 'playing' | 'ended';
  playedSteps: number;
}

/** A small seeded PRNG (mulberry32): the simulation repeats run after run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Runs the dedicated server: keeps `matches` match lobbies open, simulates arrivals, departures and
 * scoring, prints every lobby event, shows the idle countdown, and flushes everything on the way out.
 */
export async function runDedicatedServer(options: DedicatedServerOptions): Promise<DedicatedServerReport> {
  const clock = options.clock ?? new SystemClock();
  const random = options.random ?? seededRandom(7);
  const print = options.print ?? ((line: string) => console.log(line));
  const stepMs = options.stepMs ?? 1000;
  const steps = options.steps ?? Number.POSITIVE_INFINITY;
  const players = options.players ?? demo.users.map((u) => ({ id: u.id, name: u.username, token: u.token }));
  const chatChance = options.chatChance ?? 0.3;
  const matchCount = options.matches ?? 2;
  const matchSteps = options.matchSteps ?? 20;
  const countdownEvery = options.countdownEvery ?? 5;
  const idleTimeoutSeconds = options.idleTimeoutSeconds ?? 15;
  const sleep = options.sleep ?? ((ms: number) => clockSleep(clock, ms, options.signal));
  const started = clock.now();
  const stamp = () => `[${((clock.now() - started) / 1000).toFixed(1).padStart(6)}s]`;
  const nameOf = (id: string) => players.find((p) => p.id === id)?.name ?? id;

  // The client keeps real time for its network timeouts; the runtime follows the game's clock.
  const rest = new RestClient({ baseUrl: options.apiUrl, auth: { bot: options.botToken ?? demo.botToken } });
  const runtime = new LobbyRuntime({ rest, clock, idleWarningsMs: [10_000, 5_000], flushDelayMs: 200 });
  const matches: Match[] = [];
  let opened = 0;
  let deleted = 0;
  let sent = 0;
  let heard = 0;
  const chatClients = new Map<string, RestClient>();
  const chats: Promise<unknown>[] = [];
  const closeWebhooks = options.webhooks
    ? await listenForWebhooks(options.webhooks, runtime, print)
    : undefined;

  const openMatch = async (): Promise<void> => {
    opened++;
    const name = `match-${opened}`;
    const lobby = await runtime.create({
      metadata: { match: name, phase: 'waiting', red: '0', blue: '0' },
      idleTimeoutSeconds,
    });
    const match: Match = { name, lobby, phase: 'waiting', playedSteps: 0 };
    matches.push(match);
    print(`${stamp()} ${name}: opened lobby ${lobby.id}`);
    watch(match, (line) => print(`${stamp()} ${name}: ${line}`));
    lobby.once('deleted', () => {
      deleted++;
      matches.splice(matches.indexOf(match), 1);
    });
  };

  const inMatch = (id: string) => matches.some((m) => m.lobby.members.has(id));

  const step = (): void => {
    for (const match of matches) {
      const { lobby } = match;
      if (match.phase === 'ended' || lobby.disposed) continue;
      // Arrivals: a free player joins a match that is not over.
      const free = players.filter((p) => !inMatch(p.id));
      if (free.length > 0 && random() < 0.35) {
        const player = free[Math.floor(random() * free.length)]!;
        const team = lobby.members.size % 2 === 0 ? 'red' : 'blue';
        lobby.upsertMember(player.id, { metadata: { team, kills: '0' }, additionalName: player.name });
      }
      // Departures: now and then someone drops out.
      if (lobby.members.size > 0 && random() < 0.08) {
        const ids = [...lobby.members.keys()];
        lobby.removeMember(ids[Math.floor(random() * ids.length)]!);
      }
      if (match.phase === 'waiting' && lobby.members.size >= 2) {
        match.phase = 'playing';
        lobby.setMetadata({ phase: 'playing', startedAt: new Date(clock.now()).toISOString() });
      }
      if (match.phase === 'playing') {
        match.playedSteps++;
        // Chat: a player whose membership the platform already has says something, with their own token.
        const pending = new Set(lobby.pending.flatMap((c) => (c.kind === 'member' ? [c.id] : [])));
        const talkers = players.filter((p) => p.token && lobby.members.has(p.id) && !pending.has(p.id));
        if (options.webhooks && talkers.length > 0 && random() < chatChance) {
          const talker = talkers[Math.floor(random() * talkers.length)]!;
          const line = CHAT_LINES[Math.floor(random() * CHAT_LINES.length)]!;
          let chat = chatClients.get(talker.id);
          if (!chat) {
            chat = new RestClient({ baseUrl: options.apiUrl, auth: { bearer: talker.token! } });
            chatClients.set(talker.id, chat);
          }
          sent++;
          // A player who leaves meanwhile is refused (403): part of the simulation, not an error.
          chats.push(
            chat.lobbies.sendMessage({ lobby_id: lobby.id }, { body: { content: line } }).catch(() => {}),
          );
        }
        const ids = [...lobby.members.keys()];
        if (ids.length > 0 && random() < 0.5) {
          const scorer = lobby.members.get(ids[Math.floor(random() * ids.length)]!)!;
          const team = scorer.metadata.team ?? 'red';
          lobby.upsertMember(scorer.id, {
            metadata: { ...scorer.metadata, kills: String(Number(scorer.metadata.kills ?? '0') + 1) },
          });
          lobby.setMetadata({ [team]: String(Number(lobby.metadata[team] ?? '0') + 1) });
        }
        if (match.playedSteps >= matchSteps) {
          const red = Number(lobby.metadata.red);
          const blue = Number(lobby.metadata.blue);
          match.phase = 'ended';
          lobby.setMetadata({ phase: 'ended', winner: red === blue ? 'draw' : red > blue ? 'red' : 'blue' });
          // Everyone goes home; the lobby goes quiet and its idle countdown runs out.
          for (const id of [...lobby.members.keys()]) lobby.removeMember(id);
        }
      }
    }
  };

  const watch = (match: Match, line: (text: string) => void): void => {
    const on = <E extends keyof LobbyEvents>(
      event: E,
      describe: (e: Parameters<LobbyEvents[E]>[0]) => string,
    ) => {
      const listener = (e: Parameters<LobbyEvents[E]>[0]) => line(describe(e));
      match.lobby.on(event, listener as EventEmitter.EventListener<LobbyEvents, E>);
    };
    on(
      'memberAdded',
      (e) => `+ ${nameOf(e.member.id)} joins team ${e.member.metadata.team ?? '?'} (${e.origin})`,
    );
    on('memberUpdated', (e) => `~ ${nameOf(e.member.id)} ${JSON.stringify(e.member.metadata)} (${e.origin})`);
    on('memberRemoved', (e) => `- ${nameOf(e.member.id)} leaves (${e.origin})`);
    on('memberRejected', (e) => `! ${nameOf(e.member.id)} rejected: ${e.explanation}`);
    on(
      'metadataChanged',
      (e) => `metadata ${e.changed.map((k) => `${k}=${e.metadata[k] ?? '∅'}`).join(' ')} (${e.origin})`,
    );
    on('linkedChannelChanged', (e) => `linked channel ${e.channel?.id ?? 'none'} (${e.origin})`);
    on('message', (e) => {
      if (e.origin === 'remote') heard++;
      return `${nameOf(e.message.author.id)} says ${JSON.stringify(e.message.content)} (${e.origin})`;
    });
    on(
      'synced',
      (e) =>
        `synced in ${e.calls.length} call(s): ${e.calls.map((c) => `${c.operation} (${c.changes} change(s))`).join(', ')}`,
    );
    on('syncError', (e) => `sync error (${e.willRetry ? 'will retry' : 'dropped'}): ${String(e.error)}`);
    on('idleWarning', (e) => `idle warning: ${Math.ceil(e.remainingMs / 1000)}s left`);
    on('idle', (e) => `idle: policy ${e.policy}`);
    on('deleted', (e) => `deleted (${e.origin})`);
  };

  const showCountdown = (): void => {
    for (const { name, lobby, phase } of matches) {
      const { remainingMs } = lobby.idle;
      const left = remainingMs === null ? 'never (linked)' : `${(remainingMs / 1000).toFixed(1)}s`;
      print(`${stamp()} ${name}: ${phase}, ${lobby.members.size} players, idle in ${left}`);
    }
  };

  let done = 0;
  try {
    while (done < steps && !options.signal?.aborted) {
      while (matches.filter((m) => m.phase !== 'ended').length < matchCount) await openMatch();
      step();
      done++;
      if (done % countdownEvery === 0) showCountdown();
      await sleep(stepMs);
    }
  } finally {
    print(`${stamp()} stopping: flushing ${runtime.size} lobbies`);
    await Promise.all(chats);
    await runtime.dispose();
    await closeWebhooks?.();
    await rest.close();
    for (const chat of chatClients.values()) await chat.close();
  }
  return {
    steps: done,
    matchesOpened: opened,
    lobbiesDeleted: deleted,
    messagesSent: sent,
    messagesHeard: heard,
  };
}

/**
 * Serves a webhook endpoint on node:http, registers it, and feeds its verified events to the
 * runtime's handles (players' messages fire each lobby's `message`, origin `remote`). Returns a
 * function that stops it.
 */
async function listenForWebhooks(
  webhooks: DedicatedServerWebhooks,
  runtime: LobbyRuntime,
  print: (line: string) => void,
): Promise<() => Promise<void>> {
  const receiver = createWebhookReceiver({
    publicKey: webhooks.publicKey,
    ...(webhooks.clock ? { clock: webhooks.clock } : {}),
  });
  receiver.on('refused', ({ reason, status }) => {
    if (reason !== 'signature') print(`webhook request refused (${status}, ${reason})`);
  });
  const detach = attachWebhooks(runtime, receiver);
  runtime.on('webhook', (event) => print(`webhook ${event.type} (no open lobby took it)`));
  const server = createServer(createNodeWebhookHandler(receiver));
  await new Promise<void>((resolve) => server.listen(webhooks.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  const stop = async () => {
    detach();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  };
  try {
    await webhooks.register(url);
  } catch (error) {
    await stop();
    throw error;
  }
  print(`webhook events: listening on ${url} (registered, PING handshake passed)`);
  return stop;
}

/** Registers `url` as the Webhook Events URL of an emulator's application (throws with the emulator's reason). */
export async function registerWithEmulator(
  emulatorUrl: string,
  applicationId: string,
  url: string,
): Promise<void> {
  const response = await fetch(`${emulatorUrl}/_emulator/applications/${applicationId}/webhook`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  if (!response.ok) throw new Error(`the emulator refused the webhook URL: ${await response.text()}`);
}

/** Waits `ms` on `clock`, or until `signal` aborts. */
function clockSleep(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clock.clearTimeout(handle);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const handle = clock.setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Starts the emulator (demo world) and the server together; Ctrl-C flushes and exits cleanly. */
export async function main(): Promise<void> {
  const emulator = await startEmulator({ port: 0, seed: 'demo', rateLimits: 'off' });
  console.log(`emulator on ${emulator.apiUrl} (demo world); Ctrl-C to stop`);
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const report = await runDedicatedServer({
      apiUrl: emulator.apiUrl,
      signal: stop.signal,
      webhooks: {
        publicKey: demo.webhookPublicKey,
        register: (url) => registerWithEmulator(emulator.url, demo.applicationId, url),
      },
    });
    console.log(
      `stopped after ${report.steps} steps: ${report.matchesOpened} matches opened, ${report.lobbiesDeleted} lobbies deleted when idle, ${report.messagesHeard} of ${report.messagesSent} chat messages heard by webhook`,
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await emulator.close();
  }
}
