/**
 * Guild members, bans, roles and pruning: every limit on both sides of its boundary, the context
 * rules (timeout horizon, role icons), the per-field permissions, and the route table entries.
 */
import { describe, expect, it } from 'vitest';
import { GuildMemberFlags } from '../../src/spec/flags.js';
import { limits } from '../../src/spec/limits.js';
import { combinePermissions, Permissions } from '../../src/spec/permissions.js';
import { type PermissionRule, pathParams } from '../../src/spec/route.js';
import { memberRoutes } from '../../src/spec/routes/memberRoutes.js';
import {
  ban,
  bulkBanResponse,
  bulkGuildBanBody,
  createGuildBanBody,
  getGuildBansQuery,
} from '../../src/spec/schemas/ban.js';
import {
  addGuildMemberBody,
  addGuildMemberPermissions,
  holdsFieldPermission,
  imageData,
  listGuildMembersQuery,
  modifyCurrentMemberBody,
  modifyCurrentMemberPermissions,
  modifyCurrentUserNickBody,
  modifyCurrentUserNickResponse,
  modifyGuildMemberBody,
  modifyGuildMemberBodyAt,
  modifyGuildMemberIssues,
  modifyGuildMemberPermissions,
  searchGuildMembersQuery,
} from '../../src/spec/schemas/memberRequests.js';
import { beginGuildPruneBody, getGuildPruneCountQuery, pruneResponse } from '../../src/spec/schemas/prune.js';
import {
  createGuildRoleBody,
  createGuildRoleDefaults,
  modifyGuildRoleBody,
  modifyGuildRolePositionsBody,
  roleIconIssues,
  roleMemberCounts,
} from '../../src/spec/schemas/roleRequests.js';
import { memberSamples } from '../conformance/samples/memberSamples.js';
import { expectConforms, expectRequestConforms } from '../support/openapi.js';
import { ids, ok, rejected } from '../support/schemaAssertions.js';

const ID = '1301234567890123456';
const ID2 = '1301234567890123457';
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('List and Search Guild Members queries', () => {
  const max = limits.member.listLimitMax;

  for (const [name, schema, base] of [
    ['list', listGuildMembersQuery, {}],
    ['search', searchGuildMembersQuery, { query: 'ali' }],
  ] as const) {
    it(`${name}: accepts limit 1 and ${max}, rejects 0 and ${max + 1}`, () => {
      ok(schema, { ...base, limit: '1' });
      ok(schema, { ...base, limit: String(max) });
      rejected(schema, { ...base, limit: '0' }, 'limit');
      rejected(schema, { ...base, limit: String(max + 1) }, 'limit');
      rejected(schema, { ...base, limit: '2.5' }, 'limit');
      rejected(schema, { ...base, limit: 'ten' }, 'limit');
    });

    it(`${name}: defaults limit to 1`, () => {
      expect(schema.parse(base)).toMatchObject({ limit: limits.member.listLimitDefault });
      expect(limits.member.listLimitDefault).toBe(1);
    });
  }

  it('list: after defaults to 0 and must be a snowflake', () => {
    expect(listGuildMembersQuery.parse({})).toEqual({ limit: 1, after: '0' });
    expect(listGuildMembersQuery.parse({ after: ID, limit: '50' })).toEqual({ limit: 50, after: ID });
    rejected(listGuildMembersQuery, { after: 'abc' }, 'after');
  });

  it('search: query is required', () => {
    rejected(searchGuildMembersQuery, {}, 'query');
    ok(searchGuildMembersQuery, { query: 'bo' });
  });
});

describe('Add Guild Member body', () => {
  it('requires access_token', () => {
    rejected(addGuildMemberBody, {}, 'access_token');
    rejected(addGuildMemberBody, { access_token: '' }, 'access_token');
    ok(addGuildMemberBody, { access_token: 'token' });
  });

  it('takes nick, roles, mute and deaf, each nullable', () => {
    ok(addGuildMemberBody, { access_token: 't', nick: 'Ali', roles: [ID], mute: true, deaf: false });
    ok(addGuildMemberBody, { access_token: 't', nick: null, roles: null, mute: null, deaf: null });
    rejected(addGuildMemberBody, { access_token: 't', roles: ['x'] }, 'roles.0');
    rejected(addGuildMemberBody, { access_token: 't', mute: 'yes' }, 'mute');
  });

  it('maps each present optional field to its permission', () => {
    expect(addGuildMemberPermissions({ access_token: 't' })).toEqual([]);
    expect(
      addGuildMemberPermissions({ access_token: 't', nick: 'a', roles: [], mute: true, deaf: false }).map(
        (p) => [p.field, p.anyOf],
      ),
    ).toEqual([
      ['nick', [['MANAGE_NICKNAMES']]],
      ['roles', [['MANAGE_ROLES']]],
      ['mute', [['MUTE_MEMBERS']]],
      ['deaf', [['DEAFEN_MEMBERS']]],
    ]);
  });
});

describe('Modify Guild Member body', () => {
  it('accepts every field as null (all optional and nullable)', () => {
    ok(modifyGuildMemberBody, {});
    ok(modifyGuildMemberBody, {
      nick: null,
      roles: null,
      mute: null,
      deaf: null,
      channel_id: null,
      communication_disabled_until: null,
      flags: null,
    });
  });

  it('checks the type of each field', () => {
    rejected(modifyGuildMemberBody, { nick: 5 }, 'nick');
    rejected(modifyGuildMemberBody, { roles: [ID, 'x'] }, 'roles.1');
    rejected(modifyGuildMemberBody, { mute: 'no' }, 'mute');
    rejected(modifyGuildMemberBody, { deaf: 1 }, 'deaf');
    rejected(modifyGuildMemberBody, { channel_id: 'general' }, 'channel_id');
    rejected(
      modifyGuildMemberBody,
      { communication_disabled_until: 'tomorrow' },
      'communication_disabled_until',
    );
  });

  it('accepts the editable flag BYPASSES_VERIFICATION and rejects every other flag', () => {
    ok(modifyGuildMemberBody, { flags: GuildMemberFlags.BYPASSES_VERIFICATION });
    ok(modifyGuildMemberBody, { flags: 0 });
    rejected(modifyGuildMemberBody, { flags: GuildMemberFlags.DID_REJOIN }, 'flags');
    rejected(
      modifyGuildMemberBody,
      { flags: GuildMemberFlags.BYPASSES_VERIFICATION | GuildMemberFlags.COMPLETED_ONBOARDING },
      'flags',
    );
    for (const [name, bit] of Object.entries(GuildMemberFlags)) {
      const success = modifyGuildMemberBody.safeParse({ flags: bit }).success;
      expect(success, name).toBe(name === 'BYPASSES_VERIFICATION');
    }
    rejected(modifyGuildMemberBody, { flags: -1 }, 'flags');
  });

  describe('timeout horizon', () => {
    const now = Date.parse('2025-06-01T12:00:00.000Z');
    const at = (ms: number) => new Date(ms).toISOString();
    const max = limits.member.timeoutMaxAheadMs;

    it('is 28 days', () => {
      expect(max).toBe(28 * 24 * 60 * 60 * 1000);
    });

    it('accepts exactly 28 days ahead and rejects 28 days and 1 second', () => {
      expect(modifyGuildMemberIssues({ communication_disabled_until: at(now + max) }, now)).toEqual([]);
      const issues = modifyGuildMemberIssues({ communication_disabled_until: at(now + max + 1000) }, now);
      expect(issues).toHaveLength(1);
      expect(issues[0]?.path).toEqual(['communication_disabled_until']);
      expect(issues[0]?.message).toMatch(/28 days/);
    });

    it('reads offsets other than Z', () => {
      // 2025-06-29T14:00:00+02:00 is exactly now + 28 days.
      expect(
        modifyGuildMemberIssues({ communication_disabled_until: '2025-06-29T14:00:00+02:00' }, now),
      ).toEqual([]);
      expect(
        modifyGuildMemberIssues({ communication_disabled_until: '2025-06-29T14:00:01+02:00' }, now),
      ).toHaveLength(1);
    });

    it('lets null clear the timeout, and absence and past times through', () => {
      expect(modifyGuildMemberIssues({ communication_disabled_until: null }, now)).toEqual([]);
      expect(modifyGuildMemberIssues({}, now)).toEqual([]);
      expect(modifyGuildMemberIssues({ communication_disabled_until: at(now - 1000) }, now)).toEqual([]);
    });

    it('is enforced by the schema built for a given time', () => {
      const schema = modifyGuildMemberBodyAt(now);
      ok(schema, { communication_disabled_until: at(now + max) });
      ok(schema, { communication_disabled_until: null });
      rejected(
        schema,
        { communication_disabled_until: at(now + max + 1000) },
        'communication_disabled_until',
      );
    });
  });

  describe('per-field permissions', () => {
    const fieldsOf = (body: Record<string, unknown>) =>
      Object.fromEntries(modifyGuildMemberPermissions(body).map((p) => [p.field, p.anyOf]));

    it('maps each present field to the permission the specification names', () => {
      expect(
        fieldsOf({
          nick: 'n',
          roles: [],
          mute: true,
          deaf: true,
          channel_id: ID,
          communication_disabled_until: null,
          flags: 4,
        }),
      ).toEqual({
        nick: [['MANAGE_NICKNAMES']],
        roles: [['MANAGE_ROLES']],
        mute: [['MUTE_MEMBERS']],
        deaf: [['DEAFEN_MEMBERS']],
        channel_id: [['MOVE_MEMBERS']],
        communication_disabled_until: [['MODERATE_MEMBERS']],
        flags: [['MANAGE_GUILD'], ['MANAGE_ROLES'], ['MODERATE_MEMBERS', 'KICK_MEMBERS', 'BAN_MEMBERS']],
      });
    });

    it('asks nothing for absent fields, but a null (clearing) field counts', () => {
      expect(modifyGuildMemberPermissions({})).toEqual([]);
      expect(Object.keys(fieldsOf({ nick: null }))).toEqual(['nick']);
    });

    it('notes the conditions beyond bits for channel_id and timeouts', () => {
      const [move, timeout] = modifyGuildMemberPermissions({
        channel_id: ID,
        communication_disabled_until: null,
      });
      expect(move?.note).toMatch(/connect/);
      expect(timeout?.note).toMatch(/ADMINISTRATOR/);
    });

    it('passes flags with MANAGE_GUILD, MANAGE_ROLES, or all three moderation permissions', () => {
      const [flags] = modifyGuildMemberPermissions({ flags: 4 });
      if (!flags) throw new Error('no requirement for flags');
      const bits = (...names: (keyof typeof Permissions)[]) => BigInt(combinePermissions(...names));
      expect(holdsFieldPermission(bits('MANAGE_GUILD'), flags)).toBe(true);
      expect(holdsFieldPermission(bits('MANAGE_ROLES'), flags)).toBe(true);
      expect(holdsFieldPermission(bits('MODERATE_MEMBERS', 'KICK_MEMBERS', 'BAN_MEMBERS'), flags)).toBe(true);
      expect(holdsFieldPermission(bits('MODERATE_MEMBERS', 'KICK_MEMBERS'), flags)).toBe(false);
      expect(holdsFieldPermission(bits('KICK_MEMBERS', 'BAN_MEMBERS'), flags)).toBe(false);
      expect(holdsFieldPermission(0n, flags)).toBe(false);
    });

    it('checks the single-permission fields bit by bit', () => {
      const [nick] = modifyGuildMemberPermissions({ nick: 'n' });
      if (!nick) throw new Error('no requirement for nick');
      expect(holdsFieldPermission(Permissions.MANAGE_NICKNAMES, nick)).toBe(true);
      expect(holdsFieldPermission(Permissions.CHANGE_NICKNAME, nick)).toBe(false);
    });
  });
});

describe('Modify Current Member and Modify Current User Nick', () => {
  it('takes nick, banner, avatar and bio, all nullable', () => {
    ok(modifyCurrentMemberBody, { nick: 'Bot', banner: PNG, avatar: PNG, bio: 'hello' });
    ok(modifyCurrentMemberBody, { nick: null, banner: null, avatar: null, bio: null });
    ok(modifyCurrentMemberBody, {});
  });

  it('requires avatar and banner to be base64 image data URIs', () => {
    rejected(modifyCurrentMemberBody, { avatar: 'iVBORw0KGgo=' }, 'avatar');
    rejected(modifyCurrentMemberBody, { banner: 'https://example.com/banner.png' }, 'banner');
    rejected(modifyCurrentMemberBody, { avatar: 'data:text/plain;base64,aGVsbG8=' }, 'avatar');
    rejected(modifyCurrentMemberBody, { avatar: 'data:image/png;base64,abc' }, 'avatar');
    ok(imageData, 'data:image/jpeg;base64,/9j/4AAQ');
    ok(imageData, 'data:image/gif;base64,R0lGODlhAQABAAAAACw=');
  });

  it('asks CHANGE_NICKNAME for nick only', () => {
    expect(modifyCurrentMemberPermissions({ nick: 'x', bio: 'y' }).map((p) => [p.field, p.anyOf])).toEqual([
      ['nick', [['CHANGE_NICKNAME']]],
    ]);
    expect(modifyCurrentMemberPermissions({ avatar: PNG, banner: null, bio: 'y' })).toEqual([]);
  });

  it('nick route: nick is optional and nullable; the answer carries the nickname', () => {
    ok(modifyCurrentUserNickBody, {});
    ok(modifyCurrentUserNickBody, { nick: null });
    ok(modifyCurrentUserNickBody, { nick: 'Bot' });
    rejected(modifyCurrentUserNickBody, { nick: 3 }, 'nick');
    ok(modifyCurrentUserNickResponse, { nick: 'Bot' });
    ok(modifyCurrentUserNickResponse, { nick: null });
    rejected(modifyCurrentUserNickResponse, {}, 'nick');
  });
});

describe('bans', () => {
  it('listing: accepts limit 1000, rejects 1001 and 0, defaults to 1000', () => {
    const max = limits.ban.listLimitMax;
    ok(getGuildBansQuery, { limit: String(max) });
    ok(getGuildBansQuery, { limit: '1' });
    rejected(getGuildBansQuery, { limit: String(max + 1) }, 'limit');
    rejected(getGuildBansQuery, { limit: '0' }, 'limit');
    expect(getGuildBansQuery.parse({})).toEqual({ limit: limits.ban.listLimitDefault });
    expect(limits.ban.listLimitDefault).toBe(1000);
  });

  it('listing: before and after are snowflakes', () => {
    expect(getGuildBansQuery.parse({ before: ID, after: ID2 })).toEqual({
      limit: 1000,
      before: ID,
      after: ID2,
    });
    rejected(getGuildBansQuery, { before: 'x' }, 'before');
    rejected(getGuildBansQuery, { after: '-1' }, 'after');
  });

  it('create: delete_message_seconds 0 to 604800', () => {
    const max = limits.ban.deleteMessageSecondsMax;
    expect(max).toBe(604_800);
    ok(createGuildBanBody, {});
    ok(createGuildBanBody, { delete_message_seconds: 0 });
    ok(createGuildBanBody, { delete_message_seconds: max });
    ok(createGuildBanBody, { delete_message_seconds: null });
    rejected(createGuildBanBody, { delete_message_seconds: max + 1 }, 'delete_message_seconds');
    rejected(createGuildBanBody, { delete_message_seconds: -1 }, 'delete_message_seconds');
    rejected(createGuildBanBody, { delete_message_seconds: 1.5 }, 'delete_message_seconds');
  });

  it('create: the deprecated delete_message_days 0 to 7', () => {
    const max = limits.ban.deleteMessageDaysMax;
    ok(createGuildBanBody, { delete_message_days: 0 });
    ok(createGuildBanBody, { delete_message_days: max });
    rejected(createGuildBanBody, { delete_message_days: max + 1 }, 'delete_message_days');
    rejected(createGuildBanBody, { delete_message_days: -1 }, 'delete_message_days');
  });

  it('bulk: 1 to 200 users, required', () => {
    const max = limits.ban.bulkMaxUsers;
    ok(bulkGuildBanBody, { user_ids: ids(1) });
    ok(bulkGuildBanBody, { user_ids: ids(max) });
    rejected(bulkGuildBanBody, { user_ids: ids(max + 1) }, 'user_ids');
    rejected(bulkGuildBanBody, { user_ids: [] }, 'user_ids');
    rejected(bulkGuildBanBody, {}, 'user_ids');
    rejected(bulkGuildBanBody, { user_ids: [ID, 'nope'] }, 'user_ids.1');
  });

  it('bulk: delete_message_seconds 0 to 604800', () => {
    const max = limits.ban.deleteMessageSecondsMax;
    ok(bulkGuildBanBody, { user_ids: [ID], delete_message_seconds: max });
    rejected(bulkGuildBanBody, { user_ids: [ID], delete_message_seconds: max + 1 }, 'delete_message_seconds');
    rejected(bulkGuildBanBody, { user_ids: [ID], delete_message_seconds: -1 }, 'delete_message_seconds');
  });

  it('answers: a ban carries the user and a reason; bulk lists banned and failed users', () => {
    const user = { id: ID, username: 'bob' };
    ok(ban, { user, reason: 'spam' });
    ok(ban, { user });
    ok(ban, { user, reason: null });
    rejected(ban, { reason: 'spam' }, 'user');
    ok(bulkBanResponse, { banned_users: [ID], failed_users: [ID2] });
    rejected(bulkBanResponse, { banned_users: [ID] }, 'failed_users');
  });
});

describe('roles', () => {
  const max = limits.role.nameMaxLength;

  for (const [name, schema] of [
    ['create', createGuildRoleBody],
    ['modify', modifyGuildRoleBody],
  ] as const) {
    it(`${name}: name at most 100 characters`, () => {
      ok(schema, { name: 'x'.repeat(max) });
      rejected(schema, { name: 'x'.repeat(max + 1) }, 'name');
    });

    it(`${name}: every field optional and nullable`, () => {
      ok(schema, {});
      ok(schema, {
        name: null,
        permissions: null,
        color: null,
        colors: null,
        hoist: null,
        icon: null,
        unicode_emoji: null,
        mentionable: null,
      });
    });

    it(`${name}: checks permissions, color, colors and icon`, () => {
      ok(schema, {
        name: 'Mod',
        permissions: '8',
        color: 0xffffff,
        colors: { primary_color: 0x3498db, secondary_color: 0x2ecc71, tertiary_color: null },
        hoist: true,
        icon: PNG,
        unicode_emoji: '🛡️',
        mentionable: true,
      });
      rejected(schema, { permissions: 8 }, 'permissions');
      rejected(schema, { permissions: 'ADMIN' }, 'permissions');
      rejected(schema, { color: 0x1000000 }, 'color');
      rejected(schema, { color: -1 }, 'color');
      rejected(
        schema,
        { colors: { primary_color: 0x1000000, secondary_color: null, tertiary_color: null } },
        'colors.primary_color',
      );
      rejected(schema, { icon: 'not-an-image' }, 'icon');
    });
  }

  it('create: documents its defaults', () => {
    expect(createGuildRoleDefaults).toMatchObject({
      name: 'new role',
      color: 0,
      hoist: false,
      mentionable: false,
    });
  });

  it('icon and unicode_emoji need ROLE_ICONS; clearing them does not', () => {
    const plain = { features: ['COMMUNITY'] };
    const withIcons = { features: ['ROLE_ICONS'] };
    expect(roleIconIssues({ icon: PNG, unicode_emoji: '🛡️' }, plain).map((i) => i.path)).toEqual([
      ['icon'],
      ['unicode_emoji'],
    ]);
    expect(roleIconIssues({ icon: PNG, unicode_emoji: '🛡️' }, withIcons)).toEqual([]);
    expect(roleIconIssues({ icon: null, unicode_emoji: null }, plain)).toEqual([]);
    expect(roleIconIssues({}, plain)).toEqual([]);
  });

  it('positions: an array of {id, position??}', () => {
    ok(modifyGuildRolePositionsBody, [{ id: ID, position: 2 }, { id: ID2 }, { id: ID, position: null }]);
    rejected(modifyGuildRolePositionsBody, [{ position: 1 }], '0.id');
    rejected(modifyGuildRolePositionsBody, [{ id: ID, position: 1.5 }], '0.position');
    rejected(modifyGuildRolePositionsBody, { id: ID }, '');
  });

  it('member counts: role id to a count', () => {
    ok(roleMemberCounts, { [ID]: 3, [ID2]: 0 });
    ok(roleMemberCounts, {});
    expect(roleMemberCounts.safeParse({ [ID]: 1.5 }).success).toBe(false);
    expect(roleMemberCounts.safeParse({ everyone: 1 }).success).toBe(false);
  });
});

describe('prune', () => {
  const { daysMin, daysMax, daysDefault } = limits.prune;

  it('count query: days 1 to 30, default 7', () => {
    ok(getGuildPruneCountQuery, { days: String(daysMin) });
    ok(getGuildPruneCountQuery, { days: String(daysMax) });
    rejected(getGuildPruneCountQuery, { days: String(daysMin - 1) }, 'days');
    rejected(getGuildPruneCountQuery, { days: String(daysMax + 1) }, 'days');
    expect(getGuildPruneCountQuery.parse({})).toEqual({ days: daysDefault, include_roles: [] });
    expect(daysDefault).toBe(7);
  });

  it('count query: include_roles is comma-delimited and each id is checked', () => {
    expect(getGuildPruneCountQuery.parse({ include_roles: '1,2' }).include_roles).toEqual(['1', '2']);
    expect(getGuildPruneCountQuery.parse({ include_roles: ID }).include_roles).toEqual([ID]);
    expect(getGuildPruneCountQuery.parse({ include_roles: ['1,2', '3'] }).include_roles).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(getGuildPruneCountQuery.parse({ include_roles: '' }).include_roles).toEqual([]);
    rejected(getGuildPruneCountQuery, { include_roles: 'x' }, 'include_roles.0');
    rejected(getGuildPruneCountQuery, { include_roles: '1,x' }, 'include_roles.1');
    rejected(getGuildPruneCountQuery, { include_roles: '1,' }, 'include_roles.1');
  });

  it('begin body: days 1 to 30', () => {
    ok(beginGuildPruneBody, { days: daysMin });
    ok(beginGuildPruneBody, { days: daysMax });
    rejected(beginGuildPruneBody, { days: daysMin - 1 }, 'days');
    rejected(beginGuildPruneBody, { days: daysMax + 1 }, 'days');
    rejected(beginGuildPruneBody, { days: 2.5 }, 'days');
  });

  it('begin body: defaults days 7, compute_prune_count true, include_roles none', () => {
    expect(beginGuildPruneBody.parse({})).toEqual({ days: 7, compute_prune_count: true, include_roles: [] });
    expect(beginGuildPruneBody.parse({ days: null, compute_prune_count: null, include_roles: null })).toEqual(
      {
        days: 7,
        compute_prune_count: true,
        include_roles: [],
      },
    );
    expect(
      beginGuildPruneBody.parse({
        days: 30,
        compute_prune_count: false,
        include_roles: [ID],
        reason: 'tidy',
      }),
    ).toEqual({ days: 30, compute_prune_count: false, include_roles: [ID], reason: 'tidy' });
    rejected(beginGuildPruneBody, { include_roles: ['x'] }, 'include_roles.0');
    rejected(beginGuildPruneBody, { compute_prune_count: 'yes' }, 'compute_prune_count');
  });

  it('answer: pruned is an integer or null', () => {
    ok(pruneResponse, { pruned: 3 });
    ok(pruneResponse, { pruned: null });
    rejected(pruneResponse, {}, 'pruned');
  });
});

/** paths.md's methods and paths, and the specification's (audit) marks, for the 24 operations. */
const expected: Record<string, [method: string, path: string, audit: boolean]> = {
  getGuildMember: ['GET', '/guilds/{guild_id}/members/{user_id}', false],
  addGuildMember: ['PUT', '/guilds/{guild_id}/members/{user_id}', false],
  modifyGuildMember: ['PATCH', '/guilds/{guild_id}/members/{user_id}', true],
  removeGuildMember: ['DELETE', '/guilds/{guild_id}/members/{user_id}', true],
  listGuildMembers: ['GET', '/guilds/{guild_id}/members', false],
  searchGuildMembers: ['GET', '/guilds/{guild_id}/members/search', false],
  modifyCurrentMember: ['PATCH', '/guilds/{guild_id}/members/@me', true],
  modifyCurrentUserNick: ['PATCH', '/guilds/{guild_id}/members/@me/nick', true],
  addGuildMemberRole: ['PUT', '/guilds/{guild_id}/members/{user_id}/roles/{role_id}', true],
  removeGuildMemberRole: ['DELETE', '/guilds/{guild_id}/members/{user_id}/roles/{role_id}', true],
  getGuildBans: ['GET', '/guilds/{guild_id}/bans', false],
  getGuildBan: ['GET', '/guilds/{guild_id}/bans/{user_id}', false],
  createGuildBan: ['PUT', '/guilds/{guild_id}/bans/{user_id}', true],
  removeGuildBan: ['DELETE', '/guilds/{guild_id}/bans/{user_id}', true],
  bulkGuildBan: ['POST', '/guilds/{guild_id}/bulk-ban', true],
  getGuildRoles: ['GET', '/guilds/{guild_id}/roles', false],
  createGuildRole: ['POST', '/guilds/{guild_id}/roles', true],
  modifyGuildRolePositions: ['PATCH', '/guilds/{guild_id}/roles', true],
  getGuildRole: ['GET', '/guilds/{guild_id}/roles/{role_id}', false],
  modifyGuildRole: ['PATCH', '/guilds/{guild_id}/roles/{role_id}', true],
  deleteGuildRole: ['DELETE', '/guilds/{guild_id}/roles/{role_id}', true],
  getGuildRoleMemberCounts: ['GET', '/guilds/{guild_id}/roles/member-counts', false],
  getGuildPruneCount: ['GET', '/guilds/{guild_id}/prune', false],
  beginGuildPrune: ['POST', '/guilds/{guild_id}/prune', true],
};

describe('memberRoutes', () => {
  const entries = Object.entries(memberRoutes);

  it('declares exactly the 24 operations, keyed by name', () => {
    expect(Object.keys(memberRoutes).sort()).toEqual(Object.keys(expected).sort());
    expect(entries).toHaveLength(24);
    for (const [key, route] of entries) expect(route.name).toBe(key);
  });

  it("uses paths.md's methods and paths and the specification's (audit) marks", () => {
    for (const [key, route] of entries) {
      expect([route.method, route.path, route.audit], key).toEqual(expected[key]);
      expect(route.area, key).toBe('guilds');
      expect(route.auth, key).toBe('bot');
    }
  });

  it('declares a params key for every placeholder', () => {
    for (const [key, route] of entries) {
      expect(Object.keys(route.params.shape).sort(), key).toEqual(pathParams(route.path).sort());
    }
  });

  it('is idempotent exactly for GET, PUT and DELETE', () => {
    for (const [key, route] of entries) {
      expect(route.idempotent, key).toBe(['GET', 'PUT', 'DELETE'].includes(route.method));
    }
  });

  it('states the permissions of the Guilds table', () => {
    const rules: Record<string, PermissionRule | undefined> = Object.fromEntries(
      entries.map(([key, r]) => [key, 'permissions' in r ? r.permissions : undefined]),
    );
    expect(rules.removeGuildMember?.allOf).toEqual(['KICK_MEMBERS']);
    for (const key of ['getGuildBans', 'getGuildBan', 'createGuildBan', 'removeGuildBan']) {
      expect(rules[key]?.allOf, key).toEqual(['BAN_MEMBERS']);
    }
    expect(rules.bulkGuildBan?.allOf).toEqual(['BAN_MEMBERS', 'MANAGE_GUILD']);
    for (const key of [
      'addGuildMemberRole',
      'removeGuildMemberRole',
      'createGuildRole',
      'modifyGuildRolePositions',
      'modifyGuildRole',
      'deleteGuildRole',
    ]) {
      expect(rules[key]?.allOf, key).toEqual(['MANAGE_ROLES']);
    }
    expect(rules.getGuildPruneCount?.allOf).toEqual(['MANAGE_GUILD', 'KICK_MEMBERS']);
    expect(rules.beginGuildPrune?.allOf).toEqual(['MANAGE_GUILD', 'KICK_MEMBERS']);
    expect(rules.addGuildMember?.allOf).toEqual(['CREATE_INSTANT_INVITE']);
    expect(rules.modifyCurrentUserNick?.allOf).toEqual(['CHANGE_NICKNAME']);
    // Per-field rules carry no blanket permission: the handler checks each present field.
    expect(rules.modifyGuildMember?.allOf).toBeUndefined();
    expect(rules.modifyGuildMember?.note).toMatch(/per field/);
    expect(rules.modifyCurrentMember?.allOf).toBeUndefined();
    for (const key of [
      'getGuildMember',
      'listGuildMembers',
      'searchGuildMembers',
      'getGuildRoles',
      'getGuildRole',
      'getGuildRoleMemberCounts',
    ]) {
      expect(rules[key], key).toBeUndefined();
    }
  });

  it('marks the intent, scope, statuses and deprecation', () => {
    expect(memberRoutes.listGuildMembers.intents).toEqual(['GUILD_MEMBERS']);
    // The scope concerns the access token in the body, not the calling bot's token.
    expect(memberRoutes.addGuildMember.bodyTokenScopes).toEqual(['guilds.join']);
    expect('scopes' in memberRoutes.addGuildMember).toBe(false);
    expect(memberRoutes.addGuildMember.status).toEqual([201, 204]);
    expect(memberRoutes.modifyCurrentUserNick.deprecated).toBeTruthy();
    for (const [key, route] of entries) {
      if (key !== 'modifyCurrentUserNick') expect('deprecated' in route, key).toBe(false);
      if (route.responseKind === 'empty') expect(route.status, key).toBe(204);
      else expect('response' in route, key).toBe(true);
    }
  });
});

describe('member samples', () => {
  it('cover every route: requests for JSON bodies, answers for JSON answers', () => {
    expect(Object.keys(memberSamples).sort()).toEqual(Object.keys(memberRoutes).sort());
    for (const [key, route] of Object.entries(memberRoutes)) {
      const samples = memberSamples[key] ?? {};
      expect((samples.request ?? []).length > 0, key).toBe('body' in route);
      expect((samples.response ?? []).length > 0, key).toBe(route.responseKind === 'json');
    }
  });

  for (const [key, route] of Object.entries(memberRoutes)) {
    const samples = memberSamples[key] ?? {};
    const status = Array.isArray(route.status) ? route.status[0] : route.status;
    (samples.request ?? []).forEach((sample, i) => {
      it(`${key}: request sample ${i} passes our schema and the OpenAPI document`, () => {
        if ('body' in route) ok(route.body, sample);
        // The document has no path for the deprecated Modify Current User Nick.
        if (key !== 'modifyCurrentUserNick') expectRequestConforms(route.method, route.path, sample);
      });
    });
    (samples.response ?? []).forEach((sample, i) => {
      it(`${key}: response sample ${i} passes our schema and the OpenAPI document`, () => {
        if ('response' in route) ok(route.response, sample);
        if (key !== 'modifyCurrentUserNick')
          expectConforms(route.method, route.path, { status, body: sample });
      });
    });
  }
});

describe('nicknames (limits.member.nickMaxLength)', () => {
  const max = limits.member.nickMaxLength;
  for (const [name, schema] of [
    ['Add Guild Member', addGuildMemberBody],
    ['Modify Guild Member', modifyGuildMemberBody],
    ['Modify Current Member', modifyCurrentMemberBody],
    ['Modify Current User Nick', modifyCurrentUserNickBody],
  ] as const) {
    const base = name === 'Add Guild Member' ? { access_token: 'token' } : {};
    it(`${name}: takes ${max} characters, "" and null, and refuses ${max + 1}`, () => {
      ok(schema, { ...base, nick: 'n'.repeat(max) });
      ok(schema, { ...base, nick: '' });
      ok(schema, { ...base, nick: null });
      rejected(schema, { ...base, nick: 'n'.repeat(max + 1) }, 'nick');
    });
  }

  it('counts characters as the platform does: an emoji (two UTF-16 units) is one', () => {
    ok(modifyGuildMemberBody, { nick: '🎮'.repeat(max) });
    rejected(modifyGuildMemberBody, { nick: '🎮'.repeat(max + 1) }, 'nick');
  });

  it("answers the platform's code and message for a nickname too long", () => {
    const result = modifyCurrentMemberBody.safeParse({ nick: 'n'.repeat(max + 1) });
    expect(result.error?.issues).toMatchObject([
      {
        path: ['nick'],
        params: { code: 'BASE_TYPE_BAD_LENGTH' },
        message: `Must be between 1 and ${max} in length.`,
      },
    ]);
  });
});
