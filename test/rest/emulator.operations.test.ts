/**
 * Every one of the 79 operations, called once through its facade against the emulator's demo world
 * over loopback, the answer checked by the route's response schema, and every request the client
 * sent for it checked against the platform's OpenAPI document (JSON body, query parameter names).
 * Table-driven: one case per route, each from a fresh demo world; a case sets up what it needs
 * (through the client where the platform allows it, else through the emulator's control API).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../src/clock.js';
import { startEmulator } from '../../src/emulator/index.js';
import { ApiError } from '../../src/rest/errors/ApiError.js';
import { RestClient } from '../../src/rest/RestClient.js';
import type { RouteDef } from '../../src/spec/route.js';
import type { RouteName } from '../../src/spec/routes.js';
import { routes } from '../../src/spec/routes.js';
import { describeErrors, documentAvailable, findOperation, requestValidator } from '../support/openapi.js';
import { recordingTransport } from '../support/recordingTransport.js';

/** Ids and tokens of the demo world (docs/emulator.md). */
const demo = {
  app: '1323802873036931072',
  botUser: '1323802873036931073',
  alice: '1323802873036931074',
  bob: '1323802873036931075',
  carol: '1323802873036931076',
  dave: '1323802873036931077',
  erin: '1323802873036931078',
  guild: '1323802873036931079',
  roles: { admin: '1323802873036931080', moderator: '1323802873036931081', player: '1323802873036931082' },
  general: '1323802873036931085',
  lobbyChat: '1323802873036931086',
  voice: '1323802873036931087',
  thread: '1323802873036931090',
  lobby: '1323802873036931091',
  tokens: {
    bot: 'demo-bot-token',
    alice: 'demo-user-1-token',
    bob: 'demo-user-2-token',
    erin: 'demo-user-5-token',
  },
};
const asAlice = { auth: { bearer: demo.tokens.alice } } as const;
const asBob = { auth: { bearer: demo.tokens.bob } } as const;
const G = { guild_id: demo.guild };
const L = { lobby_id: demo.lobby };

type Emu = Awaited<ReturnType<typeof startEmulator>>;
let emu: Emu;
let client: RestClient;

/** The client's transport: every request it sent since the last reset, as it went out. */
const transport = recordingTransport();
const sent = transport.sent;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, seed: 'demo', clock: 'manual', rateLimits: 'off' });
  client = new RestClient({
    baseUrl: emu.apiUrl,
    auth: { bot: demo.tokens.bot },
    transport,
    validateResponses: true,
    // Fail fast: a case that fails must not hide behind retries.
    maxRetries: 0,
  });
});
afterAll(async () => {
  await client?.close();
  await transport.close();
  await emu?.close();
});
beforeEach(async () => {
  await emu.reset();
  sent.length = 0;
});

/** Operations the OpenAPI document leaves out (see test/conformance/routes.test.ts). */
const absentFromOpenApi = new Set<string>(['modifyCurrentUserNick', 'createGuild']);

/**
 * Checks the requests sent for `route` against the OpenAPI document: a JSON body must satisfy the
 * operation's request schema, and every query parameter must be one the operation declares. Returns
 * how many requests were checked.
 */
function expectRequestsConform(route: RouteDef): number {
  const escaped = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  const template = new RegExp(`^${escaped.replace(/\{[a-z0-9_]+\}/g, '[^/?]+')}(\\?|$)`);
  const mine = sent.filter(
    (req) => req.method === route.method && template.test(req.url.slice(emu.apiUrl.length)),
  );
  if (absentFromOpenApi.has(route.name)) return mine.length;
  const operation = findOperation(route.method, route.path) as
    | { parameters?: { name: string; in: string }[] }
    | undefined;
  const declaredQuery = new Set(
    (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
  );
  const validate = requestValidator(route.method, route.path);
  for (const req of mine) {
    for (const key of new URL(req.url).searchParams.keys()) {
      expect(declaredQuery, `${route.name} sends query parameter ${key}`).toContain(key);
    }
    if (req.headers['content-type'] === 'application/json') {
      expect(validate, `the document declares a body for ${route.name}`).not.toBeNull();
      const body: unknown = JSON.parse(req.body as string);
      if (validate) expect(validate(body), `${route.name}'s body: ${describeErrors(validate)}`).toBe(true);
    }
  }
  return mine.length;
}

/** Calls the emulator's control API (not part of the platform). */
async function control(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${emu.url}/_emulator${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const c = () => client;
const csv = (...ids: string[]) => `user_id\n${ids.join('\n')}\n`;
const newInvite = async () =>
  (await c().channels.createInvite({ channel_id: demo.general }, { body: { max_age: 3600 } })).code;
const linkLobby = () => c().lobbies.linkChannel(L, { body: { channel_id: demo.lobbyChat }, ...asAlice });
const enableWidget = () => c().guilds.modifyWidget(G, { body: { enabled: true, channel_id: demo.general } });

/** One case per operation: a valid request against the demo world, through the operation's facade. */
const cases: { readonly [N in RouteName]: () => Promise<unknown> } = {
  // Lobbies
  createLobby: () =>
    c().lobbies.create({ body: { metadata: { mode: 'duel' }, members: [{ id: demo.carol }] } }),
  createOrJoinLobby: () => c().lobbies.createOrJoin({ body: { secret: 'room-1' }, ...asAlice }),
  getLobby: () => c().lobbies.get(L),
  modifyLobby: () => c().lobbies.modify(L, { body: { metadata: { mode: 'ffa' } } }),
  deleteLobby: () => c().lobbies.delete(L),
  addLobbyMember: () =>
    c().lobbies.addMember({ ...L, user_id: demo.carol }, { body: { metadata: { seat: '3' } } }),
  removeLobbyMember: () => c().lobbies.removeMember({ ...L, user_id: demo.bob }),
  leaveLobby: () => c().lobbies.leave(L, asBob),
  bulkUpdateLobbyMembers: () => c().lobbies.bulkUpdateMembers(L, { body: [{ id: demo.carol }] }),
  linkLobbyChannel: linkLobby,
  sendLobbyMessage: () => c().lobbies.sendMessage(L, { body: { content: 'gg' }, ...asAlice }),
  getLobbyMessages: () => c().lobbies.getMessages(L, { query: { limit: 10 }, ...asAlice }),
  setLobbyMessageModerationMetadata: async () => {
    const message = await c().lobbies.sendMessage(L, { body: { content: 'hi' }, ...asAlice });
    return c().lobbies.setMessageModerationMetadata(
      { ...L, message_id: message.id },
      { body: { verdict: 'clean' } },
    );
  },
  setDmMessageModerationMetadata: async () => {
    const dm = await control('POST', '/dms', {
      author_id: demo.alice,
      recipient_id: demo.bob,
      content: 'hi',
    });
    return c().lobbies.setDmMessageModerationMetadata(
      { user_id_1: demo.alice, user_id_2: demo.bob, message_id: String(dm.id) },
      { body: { verdict: 'clean' } },
    );
  },
  createLinkedChannelInviteForSelf: async () => {
    await linkLobby();
    return c().lobbies.createLinkedChannelInviteForSelf(L, asAlice);
  },
  createLinkedChannelInviteForUser: async () => {
    await linkLobby();
    return c().lobbies.createLinkedChannelInviteForUser({ ...L, user_id: demo.bob });
  },

  // Guilds
  getGuild: () => c().guilds.get(G, { query: { with_counts: true } }),
  getGuildPreview: () => c().guilds.getPreview(G),
  modifyGuild: () => c().guilds.modify(G, { body: { name: 'Renamed Guild' }, reason: 'tidy up' }),
  createGuild: async () => {
    // Removed for applications: the platform refuses it, and so must the emulator.
    const error = await c()
      .guilds.create()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    return NO_ANSWER;
  },
  getGuildChannels: () => c().guilds.getChannels(G),
  createGuildChannel: () => c().guilds.createChannel(G, { body: { name: 'raid-planning', type: 0 } }),
  modifyGuildChannelPositions: () =>
    c().guilds.modifyChannelPositions(G, { body: [{ id: demo.general, position: 3 }] }),
  listActiveGuildThreads: () => c().guilds.listActiveThreads(G),
  getGuildVoiceRegions: () => c().guilds.getVoiceRegions(G),
  getGuildInvites: () => c().guilds.getInvites(G),
  getGuildIntegrations: () => c().guilds.getIntegrations(G),
  deleteGuildIntegration: async () => {
    const integration = await control('POST', `/guilds/${demo.guild}/integrations`, {
      name: 'Streams',
      type: 'twitch',
    });
    return c().guilds.deleteIntegration({ ...G, integration_id: String(integration.id) });
  },
  getGuildWidgetSettings: () => c().guilds.getWidgetSettings(G),
  modifyGuildWidget: enableWidget,
  getGuildWidget: async () => {
    await enableWidget();
    return c().guilds.getWidget(G);
  },
  getGuildWidgetImage: async () => {
    await enableWidget();
    const png = await c().guilds.getWidgetImage(G, { query: { style: 'banner1' } });
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return png;
  },
  getGuildVanityUrl: () => c().guilds.getVanityUrl(G),
  getGuildWelcomeScreen: () => c().guilds.getWelcomeScreen(G),
  modifyGuildWelcomeScreen: () =>
    c().guilds.modifyWelcomeScreen(G, {
      body: {
        description: 'Welcome!',
        welcome_channels: [{ channel_id: demo.general, description: 'Chat' }],
      },
    }),
  getGuildOnboarding: () => c().guilds.getOnboarding(G),
  modifyGuildOnboarding: () =>
    c().guilds.modifyOnboarding(G, {
      body: { enabled: false, prompts: [], default_channel_ids: [demo.general] },
    }),
  modifyGuildIncidentActions: () =>
    c().guilds.modifyIncidentActions(G, {
      body: { invites_disabled_until: new Date(emu.clock.now() + 3_600_000).toISOString() },
    }),
  getCurrentUserGuilds: () => c().users.getCurrentUserGuilds({ query: { limit: 10 }, ...asAlice }),

  // Guild members, bans, roles, pruning
  getGuildMember: () => c().guilds.getMember({ ...G, user_id: demo.alice }),
  addGuildMember: () =>
    c().guilds.addMember({ ...G, user_id: demo.erin }, { body: { access_token: demo.tokens.erin } }),
  modifyGuildMember: () => c().guilds.modifyMember({ ...G, user_id: demo.carol }, { body: { nick: 'cc' } }),
  removeGuildMember: () => c().guilds.removeMember({ ...G, user_id: demo.carol }, { reason: 'inactive' }),
  listGuildMembers: () => c().guilds.listMembers(G, { query: { limit: 10 } }),
  searchGuildMembers: () => c().guilds.searchMembers(G, { query: { query: 'a', limit: 5 } }),
  modifyCurrentMember: () => c().guilds.modifyCurrentMember(G, { body: { nick: 'Game Bot' } }),
  modifyCurrentUserNick: () => c().guilds.modifyCurrentUserNick(G, { body: { nick: 'Game Bot' } }),
  addGuildMemberRole: () =>
    c().guilds.addMemberRole({ ...G, user_id: demo.carol, role_id: demo.roles.moderator }),
  removeGuildMemberRole: () =>
    c().guilds.removeMemberRole({ ...G, user_id: demo.carol, role_id: demo.roles.player }),
  getGuildBans: () => c().guilds.getBans(G, { query: { limit: 10 } }),
  getGuildBan: async () => {
    await c().guilds.createBan({ ...G, user_id: demo.erin }, { body: {} });
    return c().guilds.getBan({ ...G, user_id: demo.erin });
  },
  createGuildBan: () =>
    c().guilds.createBan(
      { ...G, user_id: demo.erin },
      { body: { delete_message_seconds: 0 }, reason: 'spam' },
    ),
  removeGuildBan: async () => {
    await c().guilds.createBan({ ...G, user_id: demo.erin }, { body: {} });
    return c().guilds.removeBan({ ...G, user_id: demo.erin });
  },
  bulkGuildBan: () => c().guilds.bulkBan(G, { body: { user_ids: [demo.erin] } }),
  getGuildRoles: () => c().guilds.getRoles(G),
  createGuildRole: () => c().guilds.createRole(G, { body: { name: 'Raiders' } }),
  modifyGuildRolePositions: () =>
    c().guilds.modifyRolePositions(G, {
      body: [
        { id: demo.roles.player, position: 2 },
        { id: demo.roles.moderator, position: 1 },
      ],
    }),
  getGuildRole: () => c().guilds.getRole({ ...G, role_id: demo.roles.player }),
  modifyGuildRole: () =>
    c().guilds.modifyRole({ ...G, role_id: demo.roles.player }, { body: { name: 'Players' } }),
  deleteGuildRole: () => c().guilds.deleteRole({ ...G, role_id: demo.roles.player }),
  getGuildRoleMemberCounts: () => c().guilds.getRoleMemberCounts(G),
  getGuildPruneCount: () => c().guilds.getPruneCount(G, { query: { days: 7 } }),
  beginGuildPrune: () => c().guilds.beginPrune(G, { body: { days: 30, compute_prune_count: true } }),

  // Invites and the other named operations
  getInvite: async () => c().invites.get({ code: await newInvite() }, { query: { with_counts: true } }),
  deleteInvite: async () => c().invites.delete({ code: await newInvite() }),
  getTargetUsers: async () => {
    const invite = await c().channels.createInvite(
      { channel_id: demo.general },
      { body: { max_age: 3600 }, files: { target_users_file: csv(demo.bob, demo.carol) } },
    );
    emu.manualClock?.advance(1000); // the emulator processes the CSV as a job, by its clock
    const ids = await c().invites.getTargetUsers({ code: invite.code });
    expect([...ids].sort()).toEqual([demo.bob, demo.carol]);
    return ids;
  },
  updateTargetUsers: async () =>
    c().invites.updateTargetUsers(
      { code: await newInvite() },
      { files: { target_users_file: new Blob([csv(demo.bob)], { type: 'text/csv' }) } },
    ),
  getTargetUsersJobStatus: async () => {
    const code = await newInvite();
    await c().invites.updateTargetUsers({ code }, { files: { target_users_file: csv(demo.bob) } });
    return c().invites.getTargetUsersJobStatus({ code });
  },
  createChannelInvite: () =>
    c().channels.createInvite({ channel_id: demo.general }, { body: { max_age: 600, max_uses: 5 } }),
  getChannelInvites: async () => {
    await newInvite();
    return c().channels.getInvites({ channel_id: demo.general });
  },
  setVoiceChannelStatus: () =>
    c().channels.setVoiceStatus({ channel_id: demo.voice }, { body: { status: 'raid' } }),
  listThreadMembers: () =>
    c().channels.listThreadMembers({ channel_id: demo.thread }, { query: { with_member: true, limit: 10 } }),
  getThreadMember: () => c().channels.getThreadMember({ channel_id: demo.thread, user_id: demo.alice }),
  getApplicationRoleConnectionMetadata: () =>
    c().applications.getRoleConnectionMetadata({ application_id: demo.app }),
  updateApplicationRoleConnectionMetadata: () =>
    c().applications.updateRoleConnectionMetadata(
      { application_id: demo.app },
      { body: [{ type: 2, key: 'wins', name: 'Wins', description: 'Games won' }] },
    ),
  getUserRoleConnection: () => c().users.getRoleConnection({ application_id: demo.app }, asAlice),
  updateUserRoleConnection: () =>
    c().users.updateRoleConnection(
      { application_id: demo.app },
      { body: { platform_name: 'Demo Game', platform_username: 'alice' }, ...asAlice },
    ),
  // Gateway
  getGateway: async () => {
    const answer = await c().gateway.get();
    expect(answer.url).toBe(`ws://127.0.0.1:${emu.port}/gateway`);
    return answer;
  },
  getGatewayBot: async () => {
    const answer = await c().gateway.getBot();
    expect(answer.session_start_limit).toEqual({
      total: 1000,
      remaining: 1000,
      reset_after: 86_400_000,
      max_concurrency: 1,
    });
    expect(answer.shards).toBe(1);
    return answer;
  },
};

/** What a case returns when the operation's point is an error answer (checked in the case). */
const NO_ANSWER = Symbol('no answer');

describe('every operation through its facade, against the emulator', () => {
  it('has one case per operation of the route table', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(routes).sort());
  });

  for (const name of Object.keys(routes) as RouteName[]) {
    const route = routes[name];
    it(`${name} (${route.method} ${route.path})`, async () => {
      const answer = await cases[name]();
      if (documentAvailable(name))
        expect(expectRequestsConform(route), `${name} was sent`).toBeGreaterThan(0);
      if (answer === NO_ANSWER) return;
      switch (route.responseKind) {
        case 'empty':
          expect(answer).toBeUndefined();
          break;
        case 'png':
          expect(answer).toBeInstanceOf(Uint8Array);
          break;
        default: {
          const schema = (
            route as { response?: { safeParse(v: unknown): { success: boolean; error?: unknown } } }
          ).response;
          expect(schema, `${name} has a response schema`).toBeDefined();
          const parsed = schema?.safeParse(answer);
          expect(parsed?.success, `${name}'s answer matches its schema: ${String(parsed?.error)}`).toBe(true);
        }
      }
    });
  }
});

describe('the facade helpers against the emulator', () => {
  /**
   * A client whose waits move the emulator's manual clock: polling a job then takes no real time.
   * (Per-attempt timeouts are off so that only the helpers' own waits use the clock.)
   */
  function emulatorTimedClient(): RestClient {
    const clock: Clock = {
      now: () => emu.clock.now(),
      setTimeout: (callback, ms) => {
        emu.manualClock?.advance(ms);
        return setTimeout(callback, 0);
      },
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    return new RestClient({ baseUrl: emu.apiUrl, auth: { bot: demo.tokens.bot }, clock, timeoutMs: 0 });
  }

  it('updateTargetUsersAndWait reports processed_users of total_users until the job completes', async () => {
    const timed = emulatorTimedClient();
    const code = await newInvite();
    const seen: string[] = [];
    const job = await timed.invites.updateTargetUsersAndWait(
      { code },
      {
        files: { target_users_file: csv(demo.alice, demo.bob, demo.carol, demo.dave, demo.erin) },
        pollIntervalMs: 20,
        onProgress: (j) => seen.push(`${j.status}:${j.processed_users}/${j.total_users}`),
      },
    );
    expect(job).toMatchObject({ status: 2, processed_users: 5, total_users: 5 });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe('2:5/5');
    expect(seen[0]).toMatch(/^1:\d\/5$/);
    expect((await timed.invites.getTargetUsers({ code })).length).toBe(5);
    await timed.close();
  });

  it('uploads a large target-users CSV from a Node stream and reads it back as ids', async () => {
    const { Readable } = await import('node:stream');
    const timed = emulatorTimedClient();
    const code = await newInvite();
    const users = [demo.alice, demo.bob, demo.carol, demo.dave];
    // Many chunks, each a line: the body is pulled chunk by chunk, never held whole by the client.
    const stream = Readable.from(['user_id\n', ...users.map((id) => `${id}\n`)]);
    const job = await timed.invites.updateTargetUsersAndWait(
      { code },
      { files: { target_users_file: stream }, pollIntervalMs: 50 },
    );
    expect(job.total_users).toBe(4);
    expect((await timed.invites.getTargetUsers({ code })).sort()).toEqual(users);
    await timed.close();
  });

  it('updateTargetUsersAndWait rejects when the job fails', async () => {
    const timed = emulatorTimedClient();
    const code = await newInvite();
    await expect(
      timed.invites.updateTargetUsersAndWait(
        { code },
        { files: { target_users_file: csv(demo.bob, '999999999999999999') }, pollIntervalMs: 20 },
      ),
    ).rejects.toMatchObject({ code: 'TARGET_USERS_JOB_FAILED' });
    await timed.close();
  });

  it('iterateMembers walks every member page by page', async () => {
    const listed: string[] = [];
    for await (const member of c().guilds.iterateMembers(G, { pageSize: 2 }))
      listed.push(member.user?.id ?? '?');
    const all = await c().guilds.listMembers(G, { query: { limit: 1000 } });
    expect(listed).toEqual(all.map((m) => m.user?.id));
    expect(listed.length).toBeGreaterThan(2);
  });

  it('bulkBanAll splits 450 users into 3 calls, reporting progress', async () => {
    const requests: string[] = [];
    const onRequest = (e: { operation: string }) => requests.push(e.operation);
    client.on('request', onRequest);
    const unknown = Array.from({ length: 448 }, (_, i) => String(1400000000000000000n + BigInt(i)));
    const progress: string[] = [];
    const result = await c()
      .guilds.bulkBanAll(G, {
        body: { user_ids: [demo.erin, ...unknown, demo.carol] },
        onProgress: (p) => progress.push(`${p.batch}/${p.batches} ${p.done}/${p.total}`),
      })
      .finally(() => client.off('request', onRequest));
    expect(requests).toEqual(['bulkGuildBan', 'bulkGuildBan', 'bulkGuildBan']);
    expect(progress).toEqual(['1/3 200/450', '2/3 400/450', '3/3 450/450']);
    expect(result.banned_users).toEqual(expect.arrayContaining([demo.erin, demo.carol]));
    expect(result.banned_users.length + result.failed_users.length).toBe(450);
    const bans: string[] = [];
    for await (const ban of c().guilds.iterateBans(G, { pageSize: 1 })) bans.push(ban.user.id);
    expect(bans.sort()).toEqual(result.banned_users.slice().sort());
  });

  it('iterateThreadMembers walks a thread with its guild members', async () => {
    const members = [];
    for await (const m of c().channels.iterateThreadMembers({ channel_id: demo.thread }, { pageSize: 1 }))
      members.push(m);
    expect(members.map((m) => m.user_id).sort()).toEqual([demo.alice, demo.bob]);
  });
});
