/**
 * Serves the standalone chat overlay: the page, its stylesheet, its bundle, and `/session?as=NAME`
 * (who the player is: what a game's backend hands its page after sign-in). At start, as that
 * backend, it opens the lobby of the demo secret and lets alice link a channel (CanLinkLobby), so
 * that the "Link the game channel" and "Join the server" buttons have something to do.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { RestClient } from 'lobbykit';
import { demo } from 'lobbykit/emulator';
import { bundlePage } from './bundlePage.js';
import type { OverlaySession } from './OverlaySession.js';

/** Teams of the demo users, in order (alice red, bob blue, …): their member metadata. */
const demoTeams = ['red', 'blue', 'green', 'yellow', 'purple'] as const;

/** The secret the page joins unless its URL says `?secret=`. */
export const overlayDemoSecret = 'overlay-demo';

/** Options of {@link startOverlayServer}. */
export interface OverlayServerOptions {
  /** The platform's API base (the emulator's `apiUrl`). */
  readonly apiUrl: string;
  /** Port of the page (0: a free one). @defaultValue `0` */
  readonly port?: number;
  /** The lobby the page joins by default. @defaultValue {@link overlayDemoSecret} */
  readonly secret?: string;
  /** Open the lobby and give alice CanLinkLobby at start (needs the demo world). @defaultValue `true` */
  readonly prepare?: boolean;
}

/** A running overlay server. */
export interface OverlayServer {
  /** The page's address (`${url}?as=alice`). */
  readonly url: string;
  /** Lets `/session?as=name` answer for another player (a test's user). */
  addPlayer(name: string, player: Omit<OverlaySession, 'apiUrl' | 'secret' | 'name'>): void;
  close(): Promise<void>;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * As the game's backend: alice opens the lobby holding `secret` (Create or Join Lobby with her
 * bearer token), then the bot grants her CanLinkLobby (Bulk Update Lobby Members), as a game would
 * for the lobby's host.
 */
export async function prepareOverlayLobby(apiUrl: string, secret: string): Promise<string> {
  const [alice] = demo.users;
  const player = new RestClient({ baseUrl: apiUrl, auth: { bearer: alice.token } });
  const bot = new RestClient({ baseUrl: apiUrl, auth: { bot: demo.botToken } });
  const metadata = { team: demoTeams[0] };
  const lobby = await player.lobbies.createOrJoin({ body: { secret, member_metadata: metadata } });
  await bot.lobbies.bulkUpdateMembers(
    { lobby_id: lobby.id },
    { body: [{ id: alice.id, metadata, flags: 1 }] },
  );
  await Promise.all([player.close(), bot.close()]);
  return lobby.id;
}

/** Starts the overlay's page server against the platform at `apiUrl`. */
export async function startOverlayServer(options: OverlayServerOptions): Promise<OverlayServer> {
  const secret = options.secret ?? overlayDemoSecret;
  const players = new Map<string, OverlaySession>();
  demo.users.forEach((user, i) => {
    players.set(user.username, {
      apiUrl: options.apiUrl,
      token: user.token,
      userId: user.id,
      name: user.username,
      secret,
      memberMetadata: { team: demoTeams[i] ?? 'red' },
      linkChannelId: demo.channelIds.lobbyChat,
    });
  });
  if (options.prepare ?? true) await prepareOverlayLobby(options.apiUrl, secret);
  const [html, css, script] = await Promise.all([
    readFile(here('./index.html'), 'utf8'),
    readFile(here('./overlay.css'), 'utf8'),
    bundlePage(here('./page.ts')),
  ]);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', html);
    if (url.pathname === '/overlay.css') return send(200, 'text/css; charset=utf-8', css);
    if (url.pathname === '/page.js') return send(200, 'text/javascript; charset=utf-8', script);
    if (url.pathname === '/favicon.ico') return send(204, 'image/x-icon', '');
    if (url.pathname === '/session') {
      const player = players.get(url.searchParams.get('as') ?? '');
      if (player === undefined) return send(404, 'application/json', '{"error":"no such player"}');
      return send(200, 'application/json', JSON.stringify(player));
    }
    return send(404, 'text/plain; charset=utf-8', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    addPlayer(name, player) {
      players.set(name, { ...player, apiUrl: options.apiUrl, secret, name });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
