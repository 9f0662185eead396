/**
 * Invites and the operations named beside them: every limit on both sides of its boundary, every
 * enumeration, the target-users CSV format, the route table entries, and the conformance samples.
 */
import { describe, expect, it } from 'vitest';
import { GuildInviteFlags, InviteTargetType, TargetUsersJobStatus } from '../../src/spec/flags.js';
import { limits } from '../../src/spec/limits.js';
import type { RouteDef } from '../../src/spec/route.js';
import { guildInvites } from '../../src/spec/routes/guildRoutes.js';
import { inviteRoutes } from '../../src/spec/routes/inviteRoutes.js';
import {
  createChannelInviteBody,
  createChannelInviteDefaults,
  getInviteQuery,
  invite,
  inviteStageInstance,
  inviteWithMetadata,
  targetUsersJobStatus,
  updateTargetUsersForm,
} from '../../src/spec/schemas/invite.js';
import { ApplicationRoleConnectionMetadataType } from '../../src/spec/flags.js';
import {
  applicationRoleConnectionMetadata,
  updateApplicationRoleConnectionMetadataBody,
  updateUserRoleConnectionBody,
  userRoleConnection,
  userRoleConnectionIssues,
} from '../../src/spec/schemas/roleConnection.js';
import { formatTargetUsersCsv, parseTargetUsersCsv } from '../../src/spec/schemas/targetUsersCsv.js';
import {
  setVoiceChannelStatusBody,
  threadMemberQuery,
  threadMembersQuery,
} from '../../src/spec/schemas/voiceStatus.js';
import { inviteSamples } from '../conformance/samples/inviteSamples.js';
import {
  describeConformance,
  describeErrors,
  requestValidator,
  responseValidator,
} from '../support/openapi.js';
import { ids, ok, rejected } from '../support/schemaAssertions.js';

const ID = '1301234567890123456';
const ID2 = '1301234567890123457';

describe('inviteRoutes', () => {
  // paths.md, "Invites and other named operations".
  const expected: Record<string, [string, string]> = {
    getInvite: ['GET', '/invites/{code}'],
    deleteInvite: ['DELETE', '/invites/{code}'],
    getTargetUsers: ['GET', '/invites/{code}/target-users'],
    updateTargetUsers: ['PUT', '/invites/{code}/target-users'],
    getTargetUsersJobStatus: ['GET', '/invites/{code}/target-users/job-status'],
    createChannelInvite: ['POST', '/channels/{channel_id}/invites'],
    getChannelInvites: ['GET', '/channels/{channel_id}/invites'],
    setVoiceChannelStatus: ['PUT', '/channels/{channel_id}/voice-status'],
    listThreadMembers: ['GET', '/channels/{channel_id}/thread-members'],
    getThreadMember: ['GET', '/channels/{channel_id}/thread-members/{user_id}'],
    getApplicationRoleConnectionMetadata: ['GET', '/applications/{application_id}/role-connections/metadata'],
    updateApplicationRoleConnectionMetadata: [
      'PUT',
      '/applications/{application_id}/role-connections/metadata',
    ],
    getUserRoleConnection: ['GET', '/users/@me/applications/{application_id}/role-connection'],
    updateUserRoleConnection: ['PUT', '/users/@me/applications/{application_id}/role-connection'],
  };

  it("has exactly paths.md's 14 operations, with their methods and paths", () => {
    expect(Object.keys(inviteRoutes).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, route] of Object.entries(inviteRoutes)) {
      expect(route.name).toBe(name);
      expect([route.method, route.path], name).toEqual(expected[name]);
    }
  });

  it('marks (audit) exactly Delete Invite and Create Channel Invite', () => {
    const audited = Object.values(inviteRoutes)
      .filter((r) => r.audit)
      .map((r) => r.name);
    expect(audited.sort()).toEqual(['createChannelInvite', 'deleteInvite']);
  });

  it('puts the invite routes in the invites area and the rest where they live', () => {
    const areas = Object.fromEntries(Object.values(inviteRoutes).map((r) => [r.name, r.area]));
    for (const name of [
      'getInvite',
      'deleteInvite',
      'getTargetUsers',
      'updateTargetUsers',
      'getTargetUsersJobStatus',
    ]) {
      expect(areas[name]).toBe('invites');
    }
    expect(areas.createChannelInvite).toBe('channels');
    expect(areas.setVoiceChannelStatus).toBe('channels');
    expect(areas.getApplicationRoleConnectionMetadata).toBe('applications');
    expect(areas.updateUserRoleConnection).toBe('users');
  });

  it('gives the role connection routes of a user a bearer token with role_connections.write', () => {
    for (const route of [inviteRoutes.getUserRoleConnection, inviteRoutes.updateUserRoleConnection]) {
      expect(route.auth).toBe('bearer');
      expect(route.scopes).toEqual(['role_connections.write']);
    }
    expect(inviteRoutes.updateApplicationRoleConnectionMetadata.auth).toBe('bot');
  });

  it('declares the permissions of the specification', () => {
    expect(inviteRoutes.deleteInvite.permissions.anyOf).toEqual(['MANAGE_CHANNELS', 'MANAGE_GUILD']);
    expect(inviteRoutes.getTargetUsers.permissions.anyOf).toEqual(['MANAGE_GUILD', 'VIEW_AUDIT_LOG']);
    expect(inviteRoutes.getTargetUsers.permissions.note).toMatch(/inviter/);
    expect(inviteRoutes.getTargetUsersJobStatus.permissions.anyOf).toEqual([
      'MANAGE_GUILD',
      'VIEW_AUDIT_LOG',
    ]);
    expect(inviteRoutes.updateTargetUsers.permissions.anyOf).toEqual(['MANAGE_GUILD']);
    expect(inviteRoutes.updateTargetUsers.permissions.note).toMatch(/inviter/);
    expect(inviteRoutes.createChannelInvite.permissions).toEqual({
      allOf: ['CREATE_INSTANT_INVITE'],
      scope: 'channel',
    });
    expect(inviteRoutes.getChannelInvites.permissions.allOf).toEqual(['MANAGE_CHANNELS']);
    expect(inviteRoutes.setVoiceChannelStatus.permissions.allOf).toEqual(['SET_VOICE_CHANNEL_STATUS']);
    expect(inviteRoutes.setVoiceChannelStatus.permissions.note).toMatch(/MANAGE_CHANNELS/);
  });

  it('takes target_users_file as a file and answers Get Target Users as CSV', () => {
    expect(inviteRoutes.updateTargetUsers.bodyKind).toBe('multipart');
    expect(inviteRoutes.updateTargetUsers.files).toEqual(['target_users_file']);
    expect(inviteRoutes.updateTargetUsers.status).toBe(204);
    expect(inviteRoutes.createChannelInvite.bodyKind).toBe('json-or-multipart');
    expect(inviteRoutes.createChannelInvite.files).toEqual(['target_users_file']);
    expect(inviteRoutes.getTargetUsers.responseKind).toBe('csv');
    ok(inviteRoutes.getTargetUsers.response, [ID, ID2]);
    expect(inviteRoutes.deleteInvite.status).toBe(200);
    expect(inviteRoutes.setVoiceChannelStatus.status).toBe(204);
  });

  it('takes no form fields beside the file on Update Target Users', () => {
    expect(updateTargetUsersForm.parse({})).toEqual({});
  });
});

describe('Create Channel Invite body', () => {
  const maxAge = 604_800;
  it(`accepts max_age 0 and ${maxAge}, rejects -1 and ${maxAge + 1}`, () => {
    ok(createChannelInviteBody, { max_age: 0 });
    ok(createChannelInviteBody, { max_age: maxAge });
    rejected(createChannelInviteBody, { max_age: -1 }, 'max_age');
    rejected(createChannelInviteBody, { max_age: maxAge + 1 }, 'max_age');
    rejected(createChannelInviteBody, { max_age: 1.5 }, 'max_age');
  });

  it('accepts max_uses 0 and 100, rejects -1 and 101', () => {
    ok(createChannelInviteBody, { max_uses: 0 });
    ok(createChannelInviteBody, { max_uses: 100 });
    rejected(createChannelInviteBody, { max_uses: -1 }, 'max_uses');
    rejected(createChannelInviteBody, { max_uses: 101 }, 'max_uses');
  });

  it('accepts an empty body and null for every field; defaults are 24 hours, unlimited, not temporary', () => {
    ok(createChannelInviteBody, {});
    ok(createChannelInviteBody, {
      max_age: null,
      max_uses: null,
      temporary: null,
      unique: null,
      target_type: null,
      target_user_id: null,
      target_application_id: null,
      role_ids: null,
      flags: null,
    });
    expect(createChannelInviteDefaults).toEqual({
      max_age: 86_400,
      max_uses: 0,
      temporary: false,
      unique: false,
    });
  });

  it('accepts only Guild Invite Flags', () => {
    ok(createChannelInviteBody, { flags: 0 });
    ok(createChannelInviteBody, { flags: GuildInviteFlags.IS_GUEST_INVITE });
    rejected(createChannelInviteBody, { flags: 1 << 1 }, 'flags');
    rejected(createChannelInviteBody, { flags: -1 }, 'flags');
  });

  it('accepts every Invite Target Type with its target id, and no other type', () => {
    ok(createChannelInviteBody, { target_type: InviteTargetType.STREAM, target_user_id: ID });
    ok(createChannelInviteBody, {
      target_type: InviteTargetType.EMBEDDED_APPLICATION,
      target_application_id: ID,
    });
    rejected(createChannelInviteBody, { target_type: 0 }, 'target_type');
    rejected(createChannelInviteBody, { target_type: 3 }, 'target_type');
  });

  it('requires target_user_id for STREAM and target_application_id for EMBEDDED_APPLICATION', () => {
    rejected(createChannelInviteBody, { target_type: InviteTargetType.STREAM }, 'target_user_id');
    rejected(
      createChannelInviteBody,
      { target_type: InviteTargetType.EMBEDDED_APPLICATION, target_user_id: ID },
      'target_application_id',
    );
  });

  it('accepts 250 distinct role_ids, rejects 251, repeats and non-snowflakes', () => {
    ok(createChannelInviteBody, { role_ids: ids(250) });
    rejected(createChannelInviteBody, { role_ids: ids(251) }, 'role_ids');
    rejected(createChannelInviteBody, { role_ids: [ID, ID] }, 'role_ids');
    rejected(createChannelInviteBody, { role_ids: ['123456789012345678901'] }, 'role_ids.0');
    rejected(createChannelInviteBody, { target_user_id: '18446744073709551616' }, 'target_user_id');
  });

  it('rejects wrong types by field', () => {
    rejected(createChannelInviteBody, { temporary: 'yes' }, 'temporary');
    rejected(createChannelInviteBody, { unique: 1 }, 'unique');
    rejected(createChannelInviteBody, { max_age: '3600' }, 'max_age');
  });
});

describe('Get Invite query', () => {
  it('reads with_counts from the URL and takes a scheduled event id', () => {
    expect(getInviteQuery.parse({ with_counts: 'true' }).with_counts).toBe(true);
    expect(getInviteQuery.parse({ with_counts: 'false' }).with_counts).toBe(false);
    ok(getInviteQuery, { guild_scheduled_event_id: ID });
    rejected(getInviteQuery, { with_counts: 'maybe' }, 'with_counts');
    rejected(
      getInviteQuery,
      { guild_scheduled_event_id: '123456789012345678901' },
      'guild_scheduled_event_id',
    );
  });
});

describe('invite responses', () => {
  const base = { type: 0, code: 'Zq4mRbX2', channel: { id: ID, name: 'general', type: 0 }, expires_at: null };

  it('needs type, code, channel (nullable) and expires_at (nullable)', () => {
    ok(invite, base);
    ok(invite, { ...base, channel: null });
    rejected(invite, { ...base, expires_at: undefined }, 'expires_at');
    rejected(invite, { ...base, channel: undefined }, 'channel');
    rejected(invite, { ...base, code: undefined }, 'code');
  });

  it('checks the partial guild and partial roles', () => {
    ok(invite, { ...base, guild: { id: ID, name: 'Playtest', icon: null, features: ['COMMUNITY'] } });
    rejected(invite, { ...base, guild: { name: 'Playtest' } }, 'guild.id');
    rejected(invite, { ...base, roles: [{ id: ID, name: 'Tester', position: 1 }] }, 'roles.0.color');
  });

  it('adds the metadata fields in inviteWithMetadata', () => {
    const meta = {
      uses: 2,
      max_uses: 10,
      max_age: 3600,
      temporary: false,
      created_at: '2025-06-01T12:00:00Z',
    };
    ok(inviteWithMetadata, { ...base, ...meta });
    rejected(inviteWithMetadata, base, 'uses');
    rejected(inviteWithMetadata, { ...base, ...meta, temporary: 'no' }, 'temporary');
  });

  it("Get Guild Invites' answer: invites with metadata (MANAGE_GUILD) or without (VIEW_AUDIT_LOG)", () => {
    const meta = { uses: 0, max_uses: 0, max_age: 0, temporary: false, created_at: '2025-06-01T12:00:00Z' };
    const [withMeta] = guildInvites.parse([{ ...base, ...meta }]);
    expect(withMeta).toMatchObject({ uses: 0, max_age: 0 });
    ok(guildInvites, [base, { ...base, ...meta }]);
    expect(guildInvites.safeParse([{ ...base, code: undefined }]).success).toBe(false);
    expect(guildInvites.safeParse([{ ...base, channel: undefined }]).success).toBe(false);
  });

  it('keeps a stage topic within 1-120 characters', () => {
    const stage = { members: [{ roles: [], nick: 'host' }], participant_count: 12, speaker_count: 2 };
    const max = limits.invite.stageTopicMaxLength;
    ok(inviteStageInstance, { ...stage, topic: 'a' });
    ok(inviteStageInstance, { ...stage, topic: 'a'.repeat(max) });
    rejected(inviteStageInstance, { ...stage, topic: '' }, 'topic');
    rejected(inviteStageInstance, { ...stage, topic: 'a'.repeat(max + 1) }, 'topic');
  });

  it('accepts every target users job status, and no other', () => {
    const job = {
      total_users: 3,
      processed_users: 1,
      created_at: '2025-06-01T12:00:00Z',
      completed_at: null,
      error_message: null,
    };
    for (const status of Object.values(TargetUsersJobStatus)) ok(targetUsersJobStatus, { ...job, status });
    rejected(targetUsersJobStatus, { ...job, status: 4 }, 'status');
    rejected(targetUsersJobStatus, { ...job, status: -1 }, 'status');
    ok(targetUsersJobStatus, {
      ...job,
      status: TargetUsersJobStatus.FAILED,
      completed_at: null,
      error_message: 'line 2: not a user id',
    });
    rejected(targetUsersJobStatus, { ...job, status: 2, completed_at: undefined }, 'completed_at');
  });
});

describe('Set Voice Channel Status body', () => {
  const max = limits.channel.voiceStatusMaxLength;
  it(`accepts ${max} characters and null, rejects ${max + 1} and a missing status`, () => {
    ok(setVoiceChannelStatusBody, { status: 'a'.repeat(max) });
    ok(setVoiceChannelStatusBody, { status: '' });
    ok(setVoiceChannelStatusBody, { status: null });
    rejected(setVoiceChannelStatusBody, { status: 'a'.repeat(max + 1) }, 'status');
    rejected(setVoiceChannelStatusBody, {}, 'status');
    rejected(setVoiceChannelStatusBody, { status: 42 }, 'status');
  });
});

describe('thread member queries', () => {
  const max = limits.threadMembers.listLimitMax;
  it(`accepts limit 1 and ${max}, rejects 0 and ${max + 1}`, () => {
    ok(threadMembersQuery, { limit: '1' });
    ok(threadMembersQuery, { limit: String(max) });
    rejected(threadMembersQuery, { limit: '0' }, 'limit');
    rejected(threadMembersQuery, { limit: String(max + 1) }, 'limit');
    rejected(threadMembersQuery, { limit: '2.5' }, 'limit');
  });

  it('defaults limit to 100 and reads with_member and after', () => {
    expect(threadMembersQuery.parse({}).limit).toBe(limits.threadMembers.listLimitDefault);
    expect(threadMembersQuery.parse({ with_member: 'true', after: ID })).toEqual({
      with_member: true,
      after: ID,
      limit: 100,
    });
    rejected(threadMembersQuery, { after: '123456789012345678901' }, 'after');
    expect(threadMemberQuery.parse({ with_member: '1' }).with_member).toBe(true);
    rejected(threadMemberQuery, { with_member: 'sure' }, 'with_member');
  });
});

describe('application role connection metadata', () => {
  const record = { type: 1, key: 'matches_won', name: 'Matches won', description: 'Matches won at most' };
  const records = (n: number) => Array.from({ length: n }, (_, i) => ({ ...record, key: `key_${i}` }));
  const body = updateApplicationRoleConnectionMetadataBody;

  it('accepts 5 records and none, rejects 6', () => {
    ok(body, records(5));
    ok(body, []);
    expect(body.safeParse(records(6)).success).toBe(false);
  });

  it('accepts every metadata type 1-8, rejects 0 and 9', () => {
    for (const type of Object.values(ApplicationRoleConnectionMetadataType)) ok(body, [{ ...record, type }]);
    rejected(body, [{ ...record, type: 0 }], '0.type');
    rejected(body, [{ ...record, type: 9 }], '0.type');
  });

  it('keeps key to 1-50 characters of a-z, 0-9 and _, each once', () => {
    ok(body, [{ ...record, key: 'a' }]);
    ok(body, [{ ...record, key: 'a'.repeat(50) }]);
    rejected(body, [{ ...record, key: '' }], '0.key');
    rejected(body, [{ ...record, key: 'a'.repeat(51) }], '0.key');
    rejected(body, [{ ...record, key: 'Matches' }], '0.key');
    rejected(body, [{ ...record, key: 'matches-won' }], '0.key');
    rejected(body, [record, { ...record }], '1.key');
  });

  it('keeps name to 1-100 and description to 1-200 characters, localizations too', () => {
    ok(body, [{ ...record, name: 'n', description: 'd' }]);
    ok(body, [{ ...record, name: 'n'.repeat(100), description: 'd'.repeat(200) }]);
    rejected(body, [{ ...record, name: '' }], '0.name');
    rejected(body, [{ ...record, name: 'n'.repeat(101) }], '0.name');
    rejected(body, [{ ...record, description: '' }], '0.description');
    rejected(body, [{ ...record, description: 'd'.repeat(201) }], '0.description');
    ok(body, [{ ...record, name_localizations: { fr: 'n'.repeat(100) }, description_localizations: null }]);
    rejected(body, [{ ...record, name_localizations: { fr: 'n'.repeat(101) } }], '0.name_localizations.fr');
    rejected(
      body,
      [{ ...record, description_localizations: { de: 'd'.repeat(201) } }],
      '0.description_localizations.de',
    );
  });

  it('requires type, key, name and description', () => {
    for (const field of ['type', 'key', 'name', 'description'] as const) {
      const { [field]: _dropped, ...rest } = record;
      rejected(body, [rest], `0.${field}`);
    }
  });

  it('reads a record the platform returns', () => {
    ok(applicationRoleConnectionMetadata, { ...record, name_localizations: null });
    rejected(applicationRoleConnectionMetadata, { ...record, key: undefined }, 'key');
  });
});

describe('user role connection', () => {
  const body = updateUserRoleConnectionBody;

  it('keeps platform_name to 50 and platform_username to 100 characters, both nullable', () => {
    ok(body, { platform_name: 'p'.repeat(50), platform_username: 'u'.repeat(100) });
    ok(body, { platform_name: null, platform_username: null, metadata: null });
    ok(body, {});
    rejected(body, { platform_name: 'p'.repeat(51) }, 'platform_name');
    rejected(body, { platform_username: 'u'.repeat(101) }, 'platform_username');
  });

  it('keeps metadata values to 1-100 characters and at most 5 entries', () => {
    ok(body, { metadata: { a: 'v'.repeat(100) } });
    rejected(body, { metadata: { a: 'v'.repeat(101) } }, 'metadata.a');
    rejected(body, { metadata: { a: '' } }, 'metadata.a');
    const five = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((k) => [k, '1']));
    ok(body, { metadata: five });
    rejected(body, { metadata: { ...five, f: '1' } }, 'metadata');
  });

  it('turns integer values into strings, and rejects other types and bad keys', () => {
    expect(body.parse({ metadata: { matches_won: 42 } }).metadata).toEqual({ matches_won: '42' });
    rejected(body, { metadata: { a: true } }, 'metadata.a');
    rejected(body, { metadata: { a: 1.5 } }, 'metadata.a');
    expect(body.safeParse({ metadata: { 'Bad Key': '1' } }).success).toBe(false);
  });

  it('checks keys and value formats against the application records', () => {
    const T = ApplicationRoleConnectionMetadataType;
    const records = [
      { key: 'matches_won', type: T.INTEGER_GREATER_THAN_OR_EQUAL },
      { key: 'playing_since', type: T.DATETIME_LESS_THAN_OR_EQUAL },
      { key: 'verified', type: T.BOOLEAN_EQUAL },
    ];
    const good = { matches_won: '-3', playing_since: '2023-02-14', verified: '1' };
    expect(userRoleConnectionIssues({ metadata: good }, records)).toEqual([]);
    expect(
      userRoleConnectionIssues({ metadata: { ...good, playing_since: '2023-02-14T10:00:00Z' } }, records),
    ).toEqual([]);
    expect(userRoleConnectionIssues({ metadata: null }, records)).toEqual([]);
    const paths = (metadata: Record<string, string>) =>
      userRoleConnectionIssues({ metadata }, records).map((i) => i.path.join('.'));
    expect(paths({ matches_won: 'many' })).toEqual(['metadata.matches_won']);
    expect(paths({ playing_since: 'last year' })).toEqual(['metadata.playing_since']);
    expect(paths({ playing_since: '2023-13-45' })).toEqual(['metadata.playing_since']);
    expect(paths({ verified: 'yes' })).toEqual(['metadata.verified']);
    expect(paths({ unknown_key: '1' })).toEqual(['metadata.unknown_key']);
    expect(userRoleConnectionIssues({ metadata: { unknown_key: '1' } }, records)[0]?.message).toMatch(
      /not a metadata key/,
    );
  });

  it('reads a connection the platform returns', () => {
    ok(userRoleConnection, { platform_name: null, platform_username: null, metadata: {} });
    rejected(userRoleConnection, { platform_name: 'Arena', metadata: { a: 1 } }, 'metadata.a');
  });
});

describe('target users CSV', () => {
  it('reads ids with and without the user_id header', () => {
    expect(parseTargetUsersCsv(`user_id\n${ID}\n${ID2}\n`)).toEqual({ ids: [ID, ID2], errors: [] });
    expect(parseTargetUsersCsv(`${ID}\n${ID2}`)).toEqual({ ids: [ID, ID2], errors: [] });
    expect(parseTargetUsersCsv(`"USER_ID"\n"${ID}"\n`)).toEqual({ ids: [ID], errors: [] });
  });

  it('reads CRLF line ends, a byte-order mark, blank lines and surrounding spaces', () => {
    expect(parseTargetUsersCsv(`\uFEFFuser_id\r\n${ID}\r\n\r\n  ${ID2}  \r\n`)).toEqual({
      ids: [ID, ID2],
      errors: [],
    });
  });

  it('reports each bad line with its number and reason, keeping the good ids', () => {
    const result = parseTargetUsersCsv(`user_id\n${ID}\nnot-an-id\n${ID2},extra\n18446744073709551616\n`);
    expect(result.ids).toEqual([ID]);
    expect(result.errors).toHaveLength(3);
    expect(result.errors[0]).toMatch(/^line 3: "not-an-id" is not a user id/);
    expect(result.errors[1]).toMatch(/^line 4: expected a single column/);
    expect(result.errors[2]).toMatch(/^line 5: .* is not a user id/);
  });

  it('treats user_id as a header only on the first line', () => {
    expect(parseTargetUsersCsv(`${ID}\nuser_id\n`).errors).toEqual([
      'line 2: "user_id" is not a user id (expected a snowflake)',
    ]);
  });

  it('counts a repeated id once', () => {
    expect(parseTargetUsersCsv(`${ID}\n${ID2}\n${ID}\n`)).toEqual({ ids: [ID, ID2], errors: [] });
  });

  it('gives no ids and no errors for an empty file or a header alone', () => {
    expect(parseTargetUsersCsv('')).toEqual({ ids: [], errors: [] });
    expect(parseTargetUsersCsv('user_id\n')).toEqual({ ids: [], errors: [] });
  });

  it('writes the standardized CSV and reads it back', () => {
    expect(formatTargetUsersCsv([ID, ID2])).toBe(`user_id\n${ID}\n${ID2}\n`);
    expect(formatTargetUsersCsv([])).toBe('user_id\n');
    const many = ids(1000);
    expect(parseTargetUsersCsv(formatTargetUsersCsv(many))).toEqual({ ids: many, errors: [] });
  });
});

describe('conformance samples', () => {
  const routeList: readonly RouteDef[] = Object.values(inviteRoutes);

  it('cover every route with what it needs', () => {
    expect(Object.keys(inviteSamples).sort()).toEqual(Object.keys(inviteRoutes).sort());
    for (const route of routeList) {
      const samples = inviteSamples[route.name] ?? {};
      if (route.body && route.bodyKind !== 'multipart') {
        expect(samples.request?.length ?? 0, route.name).toBeGreaterThan(0);
      }
      if (route.responseKind === 'json') expect(samples.response?.length ?? 0, route.name).toBeGreaterThan(0);
    }
  });

  it('pass our schemas', () => {
    for (const route of routeList) {
      const samples = inviteSamples[route.name] ?? {};
      const body = route.body;
      for (const sample of samples.request ?? []) if (body) ok(body, sample);
      for (const sample of samples.response ?? []) if (route.response) ok(route.response, sample);
    }
  });

  describeConformance('against the OpenAPI document', () => {
    it('pass the OpenAPI document', () => {
      for (const route of routeList) {
        const samples = inviteSamples[route.name] ?? {};
        const request = requestValidator(route.method, route.path);
        const status = typeof route.status === 'number' ? route.status : (route.status[0] ?? 200);
        const response = responseValidator(route.method, route.path, status);
        for (const sample of samples.request ?? []) {
          expect(request, route.name).not.toBeNull();
          if (request) expect(request(sample), `${route.name}: ${describeErrors(request)}`).toBe(true);
        }
        for (const sample of samples.response ?? []) {
          expect(response, route.name).not.toBeNull();
          if (response) expect(response(sample), `${route.name}: ${describeErrors(response)}`).toBe(true);
        }
      }
    });

    it('explain why Update Target Users has no request sample', () => {
      // The document's multipart schema requires the file; the form fields alone cannot pass it.
      const validate = requestValidator('PUT', '/invites/{code}/target-users');
      expect(validate?.({})).toBe(false);
      expect(validate?.({ target_users_file: `user_id\n${ID}\n` })).toBe(true);
    });
  });
});
