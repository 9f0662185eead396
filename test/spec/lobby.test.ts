import { describe, expect, it } from 'vitest';
import { limits } from '../../src/spec/limits.js';
import { LobbyClient } from '../../src/rest/LobbyClient.js';
import { lobbyClientRoutes } from '../../src/spec/routes/lobbyClientRoutes.js';
import { lobbyRoutes } from '../../src/spec/routes/lobbyRoutes.js';
import {
  addLobbyMemberBody,
  bulkUpdateLobbyMembersBody,
  createLobbyBody,
  createOrJoinLobbyBody,
  getLobbyMessagesQuery,
  linkLobbyChannelBody,
  lobby,
  moderationMetadataBody,
  modifyLobbyBody,
  sendLobbyMessageBody,
} from '../../src/spec/schemas/lobby.js';
import {
  describeConformance,
  describeErrors,
  requestValidator,
  responseValidator,
} from '../support/openapi.js';
import { lobbySamples } from '../conformance/samples/lobbySamples.js';

const id = (n: number) => String(1_301_234_567_890_123_000n + BigInt(n));
const members = (n: number) => Array.from({ length: n }, (_, i) => ({ id: id(i) }));
/** Metadata whose keys and values total exactly `total` characters. */
const metadataOfLength = (total: number) => ({ k: 'v'.repeat(total - 1) });
const paths = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('members per request: at most 25', () => {
  for (const [name, schema] of [
    ['create', createLobbyBody],
    ['modify', modifyLobbyBody],
  ] as const) {
    it(`${name}: 25 members pass, 26 are refused naming members`, () => {
      expect(schema.safeParse({ members: members(25) }).success).toBe(true);
      const refused = schema.safeParse({ members: members(26) });
      expect(refused.success).toBe(false);
      expect(paths(refused)).toContain('members');
    });
  }

  it('bulk: 1 and 25 entries pass, 0 and 26 are refused', () => {
    expect(bulkUpdateLobbyMembersBody.safeParse(members(1)).success).toBe(true);
    expect(bulkUpdateLobbyMembersBody.safeParse(members(25)).success).toBe(true);
    expect(bulkUpdateLobbyMembersBody.safeParse([]).success).toBe(false);
    expect(bulkUpdateLobbyMembersBody.safeParse(members(26)).success).toBe(false);
  });

  it('bulk: the same user twice is refused at the second entry', () => {
    const result = bulkUpdateLobbyMembersBody.safeParse([{ id: id(1) }, { id: id(2) }, { id: id(1) }]);
    expect(result.success).toBe(false);
    expect(paths(result)).toEqual(['2.id']);
    expect(result.error?.issues[0]?.message).toMatch(/appears twice/);
  });

  it('bulk: each repeat of a user names its first entry', () => {
    const result = bulkUpdateLobbyMembersBody.safeParse([
      { id: id(1) },
      { id: id(2) },
      { id: id(1) },
      { id: id(2) },
      { id: id(1) },
    ]);
    expect(paths(result)).toEqual(['2.id', '3.id', '4.id']);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      `user ${id(1)} appears twice (entries 0 and 2); send one entry per member`,
      `user ${id(2)} appears twice (entries 1 and 3); send one entry per member`,
      `user ${id(1)} appears twice (entries 0 and 4); send one entry per member`,
    ]);
  });

  it('create: the same user twice is refused', () => {
    expect(createLobbyBody.safeParse({ members: [{ id: id(1) }, { id: id(1) }] }).success).toBe(false);
  });
});

describe('metadata: total length at most 1000', () => {
  const limit = limits.lobby.metadataTotalLength;
  it('lobby metadata: 1000 passes, 1001 is refused naming metadata', () => {
    expect(createLobbyBody.safeParse({ metadata: metadataOfLength(limit) }).success).toBe(true);
    const refused = createLobbyBody.safeParse({ metadata: metadataOfLength(limit + 1) });
    expect(paths(refused)).toEqual(['metadata']);
    expect(refused.error?.issues[0]?.message).toMatch(/at most 1000 \(got 1001\)/);
  });

  it('counts keys as well as values', () => {
    const half = 'x'.repeat(500);
    expect(modifyLobbyBody.safeParse({ metadata: { [half]: half } }).success).toBe(true);
    expect(modifyLobbyBody.safeParse({ metadata: { [half]: `${half}y` } }).success).toBe(false);
  });

  it('member metadata: 1000 passes, 1001 is refused naming the entry', () => {
    expect(addLobbyMemberBody.safeParse({ metadata: metadataOfLength(limit) }).success).toBe(true);
    expect(paths(addLobbyMemberBody.safeParse({ metadata: metadataOfLength(limit + 1) }))).toEqual([
      'metadata',
    ]);
    const bulk = bulkUpdateLobbyMembersBody.safeParse([
      { id: id(1) },
      { id: id(2), metadata: metadataOfLength(1001) },
    ]);
    expect(paths(bulk)).toEqual(['1.metadata']);
  });

  it('create-or-join: both metadata maps are limited', () => {
    const ok = {
      secret: 's',
      lobby_metadata: metadataOfLength(limit),
      member_metadata: metadataOfLength(limit),
    };
    expect(createOrJoinLobbyBody.safeParse(ok).success).toBe(true);
    const bad = createOrJoinLobbyBody.safeParse({ ...ok, member_metadata: metadataOfLength(limit + 1) });
    expect(paths(bad)).toEqual(['member_metadata']);
  });

  it('refuses non-string values', () => {
    expect(paths(createLobbyBody.safeParse({ metadata: { level: 3 } }))).toEqual(['metadata.level']);
  });

  it('accepts null (no metadata)', () => {
    expect(createLobbyBody.safeParse({ metadata: null }).success).toBe(true);
  });
});

describe('idle_timeout_seconds: 5 to 604800', () => {
  for (const schema of [createLobbyBody, modifyLobbyBody]) {
    it('4 and 604801 are refused, 5 and 604800 pass', () => {
      expect(paths(schema.safeParse({ idle_timeout_seconds: 4 }))).toEqual(['idle_timeout_seconds']);
      expect(schema.safeParse({ idle_timeout_seconds: 5 }).success).toBe(true);
      expect(schema.safeParse({ idle_timeout_seconds: 604_800 }).success).toBe(true);
      expect(paths(schema.safeParse({ idle_timeout_seconds: 604_801 }))).toEqual(['idle_timeout_seconds']);
      expect(schema.safeParse({ idle_timeout_seconds: 30.5 }).success).toBe(false);
    });
  }
  it('create-or-join: 4 refused, 5 passes', () => {
    expect(createOrJoinLobbyBody.safeParse({ secret: 'a', idle_timeout_seconds: 4 }).success).toBe(false);
    expect(createOrJoinLobbyBody.safeParse({ secret: 'a', idle_timeout_seconds: 5 }).success).toBe(true);
  });
});

describe('create-or-join secret: required, at most 250', () => {
  it('250 passes, 251 and missing are refused', () => {
    expect(createOrJoinLobbyBody.safeParse({ secret: 's'.repeat(250) }).success).toBe(true);
    expect(paths(createOrJoinLobbyBody.safeParse({ secret: 's'.repeat(251) }))).toEqual(['secret']);
    expect(paths(createOrJoinLobbyBody.safeParse({}))).toEqual(['secret']);
  });
});

describe('member fields', () => {
  it('additional_name: 1 and 80 pass, 0 and 81 are refused, null clears', () => {
    expect(addLobbyMemberBody.safeParse({ additional_name: 'a' }).success).toBe(true);
    expect(addLobbyMemberBody.safeParse({ additional_name: 'a'.repeat(80) }).success).toBe(true);
    expect(paths(addLobbyMemberBody.safeParse({ additional_name: '' }))).toEqual(['additional_name']);
    expect(paths(addLobbyMemberBody.safeParse({ additional_name: 'a'.repeat(81) }))).toEqual([
      'additional_name',
    ]);
    expect(addLobbyMemberBody.safeParse({ additional_name: null }).success).toBe(true);
  });

  it('flags: CanLinkLobby (1) passes, unknown bits are refused', () => {
    expect(addLobbyMemberBody.safeParse({ flags: 1 }).success).toBe(true);
    expect(addLobbyMemberBody.safeParse({ flags: 0 }).success).toBe(true);
    expect(paths(addLobbyMemberBody.safeParse({ flags: 2 }))).toEqual(['flags']);
    expect(paths(bulkUpdateLobbyMembersBody.safeParse([{ id: id(1), flags: 3 }]))).toEqual(['0.flags']);
  });

  it('ids must be snowflakes', () => {
    expect(paths(bulkUpdateLobbyMembersBody.safeParse([{ id: 'player-1' }]))).toEqual(['0.id']);
    expect(paths(bulkUpdateLobbyMembersBody.safeParse([{ id: 12 }]))).toEqual(['0.id']);
  });

  it('bulk remove_member is a boolean', () => {
    expect(bulkUpdateLobbyMembersBody.safeParse([{ id: id(1), remove_member: true }]).success).toBe(true);
    expect(bulkUpdateLobbyMembersBody.safeParse([{ id: id(1), remove_member: 'yes' }]).success).toBe(false);
  });
});

describe('channel linking', () => {
  it('links with channel_id and unlinks with an empty body or null', () => {
    expect(linkLobbyChannelBody.safeParse({ channel_id: id(9) }).success).toBe(true);
    expect(linkLobbyChannelBody.safeParse({}).success).toBe(true);
    expect(linkLobbyChannelBody.safeParse({ channel_id: null }).success).toBe(true);
    expect(linkLobbyChannelBody.safeParse({ channel_id: 'general' }).success).toBe(false);
  });
});

describe('messages', () => {
  it('content must be non-empty and at most 4000 characters', () => {
    expect(paths(sendLobbyMessageBody.safeParse({ content: '' }))).toEqual(['content']);
    expect(sendLobbyMessageBody.safeParse({ content: 'g' }).success).toBe(true);
    expect(sendLobbyMessageBody.safeParse({ content: 'g'.repeat(4000) }).success).toBe(true);
    expect(sendLobbyMessageBody.safeParse({ content: 'g'.repeat(4001) }).success).toBe(false);
    expect(paths(sendLobbyMessageBody.safeParse({}))).toEqual(['content']);
  });

  it('limit: 1 and 200 pass, 0 and 201 are refused, default 50, strings from a URL are read', () => {
    expect(getLobbyMessagesQuery.parse({})).toEqual({ limit: 50 });
    expect(getLobbyMessagesQuery.parse({ limit: '1' })).toEqual({ limit: 1 });
    expect(getLobbyMessagesQuery.safeParse({ limit: 200 }).success).toBe(true);
    expect(paths(getLobbyMessagesQuery.safeParse({ limit: 0 }))).toEqual(['limit']);
    expect(paths(getLobbyMessagesQuery.safeParse({ limit: 201 }))).toEqual(['limit']);
  });
});

describe('moderation metadata: 5 keys, keys ≤ 1024, values ≤ 2000', () => {
  const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
  it('5 keys pass, 6 are refused', () => {
    expect(moderationMetadataBody.safeParse(keys(5)).success).toBe(true);
    expect(moderationMetadataBody.safeParse(keys(6)).success).toBe(false);
  });
  it('a key of 1024 passes, 1025 is refused', () => {
    expect(moderationMetadataBody.safeParse({ ['k'.repeat(1024)]: 'v' }).success).toBe(true);
    expect(moderationMetadataBody.safeParse({ ['k'.repeat(1025)]: 'v' }).success).toBe(false);
  });
  it('a value of 2000 passes, 2001 is refused naming the key', () => {
    expect(moderationMetadataBody.safeParse({ verdict: 'v'.repeat(2000) }).success).toBe(true);
    expect(paths(moderationMetadataBody.safeParse({ verdict: 'v'.repeat(2001) }))).toEqual(['verdict']);
  });
});

describe('lobby response', () => {
  it('accepts unknown fields and a lobby without linked_channel or flags', () => {
    const wire = { id: id(1), application_id: id(2), metadata: null, members: [], future_field: 1 };
    const parsed = lobby.parse(wire);
    expect(parsed).toMatchObject({ future_field: 1 });
  });
  it('requires members', () => {
    expect(lobby.safeParse({ id: id(1), application_id: id(2), metadata: null }).success).toBe(false);
  });
  it("checks a linked channel's permission overwrites: type 0 (role) or 1 (member), nothing else", () => {
    const withOverwrite = (type: unknown) => ({
      id: id(1),
      application_id: id(2),
      metadata: null,
      members: [],
      linked_channel: {
        id: id(3),
        type: 0,
        permission_overwrites: [{ id: id(4), type, allow: '0', deny: '0' }],
      },
    });
    expect(lobby.safeParse(withOverwrite(0)).success).toBe(true);
    expect(lobby.safeParse(withOverwrite(1)).success).toBe(true);
    for (const bad of [2, '0', null]) {
      expect(paths(lobby.safeParse(withOverwrite(bad)))).toEqual([
        'linked_channel.permission_overwrites.0.type',
      ]);
    }
  });
});

describe('lobbyRoutes', () => {
  it("declares paths.md's 16 lobby operations", () => {
    const table = Object.values(lobbyRoutes).map(
      (r) => `${r.name} ${r.method} ${r.path} ${r.auth} ${r.status}`,
    );
    expect(table).toEqual([
      'createLobby POST /lobbies bot 201',
      'createOrJoinLobby PUT /lobbies bearer 200',
      'getLobby GET /lobbies/{lobby_id} bot 200',
      'modifyLobby PATCH /lobbies/{lobby_id} bot 200',
      'deleteLobby DELETE /lobbies/{lobby_id} bot 204',
      'addLobbyMember PUT /lobbies/{lobby_id}/members/{user_id} bot 200',
      'removeLobbyMember DELETE /lobbies/{lobby_id}/members/{user_id} bot 204',
      'leaveLobby DELETE /lobbies/{lobby_id}/members/@me bearer 204',
      'bulkUpdateLobbyMembers POST /lobbies/{lobby_id}/members/bulk bot 200',
      'linkLobbyChannel PATCH /lobbies/{lobby_id}/channel-linking bearer 200',
      'sendLobbyMessage POST /lobbies/{lobby_id}/messages bearer 201',
      'getLobbyMessages GET /lobbies/{lobby_id}/messages bearer 200',
      'setLobbyMessageModerationMetadata PUT /lobbies/{lobby_id}/messages/{message_id}/moderation-metadata bot 204',
      'setDmMessageModerationMetadata PUT /partner-sdk/dms/{user_id_1}/{user_id_2}/messages/{message_id}/moderation-metadata bot 204',
      'createLinkedChannelInviteForSelf POST /lobbies/{lobby_id}/members/@me/invites bearer 200',
      'createLinkedChannelInviteForUser POST /lobbies/{lobby_id}/members/{user_id}/invites bot 200',
    ]);
  });

  it('puts the development-limited routes in their buckets', () => {
    expect(lobbyRoutes.createLobby.rateLimit).toBe('createLobby');
    expect(lobbyRoutes.linkLobbyChannel.rateLimit).toBe('linkLobbyChannel');
    expect(lobbyRoutes.createLinkedChannelInviteForSelf.rateLimit).toBe('createLinkedChannelInvite');
    expect(lobbyRoutes.createLinkedChannelInviteForUser.rateLimit).toBe('createLinkedChannelInvite');
    expect('rateLimit' in lobbyRoutes.getLobby).toBe(false);
  });

  it('sends LobbyClient calls by the lobby client table', () => {
    expect(new LobbyClient().routes).toBe(lobbyClientRoutes);
  });
});

describeConformance('lobby samples', () => {
  for (const route of Object.values(lobbyRoutes)) {
    const samples = lobbySamples[route.name];
    it(`${route.name}: samples pass the OpenAPI document and our schemas`, () => {
      expect(samples, `no samples for ${route.name}`).toBeDefined();
      for (const body of samples?.request ?? []) {
        const validate = requestValidator(route.method, route.path);
        expect(validate?.(body), validate ? describeErrors(validate) : 'no request schema').toBe(true);
        expect('body' in route && route.body.safeParse(body).success).toBe(true);
      }
      for (const answer of samples?.response ?? []) {
        const validate = responseValidator(route.method, route.path, route.status);
        expect(validate?.(answer), validate ? describeErrors(validate) : 'no response schema').toBe(true);
        expect('response' in route && route.response.safeParse(answer).success).toBe(true);
      }
    });
  }
});
