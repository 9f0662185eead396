/**
 * The web game's dedicated server: it serves the page, owns the lobby with the bot token (a
 * `LobbyRuntime` ticked by `lobbykit/node`'s fixed-step loop, which also steps the game), hears the
 * lobby's messages as webhook events, and pushes game state and chat to the pages over its own
 * WebSocket channel (`ws`).
 */
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { attachWebhooks, createWebhookReceiver, type LobbyHandle, LobbyRuntime, RestClient } from 'lobbykit';
import { demo } from 'lobbykit/emulator';
import { createNodeWebhookHandler, type FixedStepLoop, runFixedStep } from 'lobbykit/node';
import { type WebSocket, WebSocketServer } from 'ws';
import { bundlePage } from '../chat-overlay/bundlePage.js';
import type { OverlaySession } from '../chat-overlay/OverlaySession.js';
import { registerWithEmulator } from '../dedicated-server/index.js';
import { type GameMember, type GamePlayer, parseClientMessage, type ServerMessage } from './protocol.js';

/** Options of {@link startWebGame}. */
export interface WebGameOptions {
  /** The platform's API base (the emulator's `apiUrl`). */
  readonly apiUrl: string;
  /** The emulator's base URL, to register the webhook endpoint with it (the portal's job on the platform). */
  readonly emulatorUrl: string;
  /** Port of the page and the WebSocket (0: a free one). @defaultValue `0` */
  readonly port?: number;
  /** The lobby's secret the pages join. @defaultValue `'web-game'` */
  readonly secret?: string;
  /** The game's step. @defaultValue `50` */
  readonly stepMs?: number;
  /** Where the server's lines go. @defaultValue `console.log` */
  readonly print?: (line: string) => void;
}

/** A running web game server. */
export interface WebGame {
  /** The page's address (`${url}?as=alice`). */
  readonly url: string;
  readonly runtime: LobbyRuntime;
  readonly loop: FixedStepLoop;
  /** The players in the game now. */
  players(): readonly GamePlayer[];
  /** The lobby, once the first player joined. */
  readonly lobby: LobbyHandle | undefined;
  /** Stops the loop, closes the sockets, flushes the lobby (`runtime.dispose()`) and stops serving. */
  close(): Promise<void>;
}

/** How far a player moves per step, in field units. */
const SPEED = 0.012;
const teams = ['red', 'blue'] as const;
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

interface Connection {
  readonly socket: WebSocket;
  userId?: string;
  dx: number;
  dy: number;
}

/** Starts the web game's server against the platform at `apiUrl` (the demo world's bot and players). */
export async function startWebGame(options: WebGameOptions): Promise<WebGame> {
  const print = options.print ?? ((line: string) => console.log(line));
  const secret = options.secret ?? 'web-game';
  const names = new Map<string, string>(demo.users.map((u) => [u.id, u.username]));
  const sessions = new Map<string, OverlaySession>(
    demo.users.map((u) => [
      u.username,
      { apiUrl: options.apiUrl, token: u.token, userId: u.id, name: u.username, secret, memberMetadata: {} },
    ]),
  );
  const rest = new RestClient({ baseUrl: options.apiUrl, auth: { bot: demo.botToken } });
  // The game closes the lobby when its players are gone: the idle policy deletes it.
  const runtime = new LobbyRuntime({ rest, timers: false, reconcileIntervalMs: 5_000, flushDelayMs: 0 });
  const players = new Map<string, GamePlayer>();
  const connections = new Set<Connection>();
  let lobby: LobbyHandle | undefined;
  let opening: Promise<LobbyHandle> | undefined;
  let steps = 0;

  const broadcast = (message: ServerMessage) => {
    const frame = JSON.stringify(message);
    for (const c of connections) if (c.userId !== undefined) c.socket.send(frame);
  };
  const members = (): GameMember[] =>
    lobby === undefined
      ? []
      : [...lobby.members.values()].map((m) => ({
          id: m.id,
          name: names.get(m.id) ?? null,
          metadata: m.metadata,
        }));

  // Players' messages reach the application as webhook events: verified here, fed to the handle,
  // and relayed to every page as they arrive.
  const receiver = createWebhookReceiver({ publicKey: demo.webhookPublicKey });
  attachWebhooks(runtime, receiver);
  const webhookHandler = createNodeWebhookHandler(receiver);

  const openLobby = (lobbyId: string): Promise<LobbyHandle> => {
    opening ??= runtime.open(lobbyId).then((handle) => {
      lobby = handle;
      handle.on('message', ({ message }) => broadcast({ type: 'chat', message }));
      handle.on('deleted', () => {
        // Idled out or deleted: the next player's join by secret makes a new lobby to own.
        print(`lobby ${handle.id} deleted`);
        lobby = undefined;
        opening = undefined;
      });
      handle.on('syncError', ({ error, willRetry }) =>
        print(`sync error (${willRetry ? 'retrying' : 'dropped'}): ${String(error)}`),
      );
      print(`owning lobby ${handle.id} with the bot token`);
      return handle;
    });
    opening.catch(() => {
      opening = undefined; // the next hello tries again
    });
    return opening;
  };

  const hello = async (connection: Connection, userId: string, lobbyId: string) => {
    const name = names.get(userId);
    if (name === undefined) throw new Error('unknown player');
    const handle = await openLobby(lobbyId);
    if (handle.id !== lobbyId) throw new Error('another lobby');
    await handle.refresh(); // the player joined by secret just now: read the membership
    if (!handle.members.has(userId)) throw new Error('not a member of the lobby');
    const team = teams[players.size % teams.length] ?? 'red';
    handle.upsertMember(userId, { metadata: { team } }); // the server owns member metadata
    // Each team starts on its own half, one below the other.
    const mates = [...players.values()].filter((p) => p.team === team).length;
    const x = team === 'red' ? 0.2 : 0.55;
    players.set(userId, { id: userId, name, team, x, y: Math.min(0.9, 0.25 + 0.15 * mates) });
    connection.userId = userId;
    print(`${name} joined team ${team}`);
  };

  const step = (now: number) => {
    for (const c of connections) {
      const p = c.userId === undefined ? undefined : players.get(c.userId);
      if (p === undefined || (c.dx === 0 && c.dy === 0)) continue;
      const clamp = (n: number) => Math.min(1, Math.max(0, n));
      players.set(p.id, { ...p, x: clamp(p.x + c.dx * SPEED), y: clamp(p.y + c.dy * SPEED) });
    }
    runtime.tick(now);
    broadcast({ type: 'state', step: ++steps, players: [...players.values()], members: members() });
  };

  const [html, css, script] = await Promise.all([
    readFile(here('./index.html'), 'utf8'),
    readFile(here('../chat-overlay/overlay.css'), 'utf8'),
    bundlePage(here('./page.ts')),
  ]);
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/webhooks') return void webhookHandler(req, res);
    if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', html);
    if (url.pathname === '/overlay.css') return send(200, 'text/css; charset=utf-8', css);
    if (url.pathname === '/page.js') return send(200, 'text/javascript; charset=utf-8', script);
    if (url.pathname === '/favicon.ico') return send(204, 'image/x-icon', '');
    if (url.pathname === '/session') {
      const session = sessions.get(url.searchParams.get('as') ?? '');
      return session === undefined
        ? send(404, 'application/json', '{"error":"no such player"}')
        : send(200, 'application/json', JSON.stringify(session));
    }
    return send(404, 'text/plain; charset=utf-8', 'not found');
  };
  const server: Server = createServer(serve);
  const wss = new WebSocketServer({ server, path: '/ws', maxPayload: 4096 });
  wss.on('connection', (socket) => {
    const connection: Connection = { socket, dx: 0, dy: 0 };
    connections.add(connection);
    socket.on('message', (data) => {
      const message = parseClientMessage(String(data));
      if (message?.type === 'input') {
        connection.dx = message.dx;
        connection.dy = message.dy;
      } else if (message?.type === 'hello' && connection.userId === undefined) {
        hello(connection, message.userId, message.lobbyId).catch((error: unknown) => {
          socket.send(
            JSON.stringify({
              type: 'refused',
              reason: String(error instanceof Error ? error.message : error),
            }),
          );
          socket.close(1008);
        });
      }
    });
    socket.on('close', () => {
      connections.delete(connection);
      const id = connection.userId;
      if (id === undefined) return;
      players.delete(id);
      lobby?.removeMember(id); // the server owns the lobby: a player who left the game leaves it
      print(`${names.get(id) ?? id} left`);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  await registerWithEmulator(options.emulatorUrl, demo.applicationId, `${url}webhooks`);
  const loop = runFixedStep(step, { stepMs: options.stepMs ?? 50 });

  return {
    url,
    runtime,
    loop,
    players: () => [...players.values()],
    get lobby() {
      return lobby;
    },
    async close() {
      loop.stop();
      for (const c of connections) c.socket.close(1001);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await runtime.dispose(); // flushes what is pending first
      await rest.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
