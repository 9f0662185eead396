/** Type tests: the inferred types of central schemas and of the route table stay as the wire has them. */
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { RouteAuth } from '../../src/spec/route.js';
import type { Routes } from '../../src/spec/routes.js';
import type { bulkGuildBanBody } from '../../src/spec/schemas/ban.js';
import type { guildMember } from '../../src/spec/schemas/member.js';
import type { invite } from '../../src/spec/schemas/invite.js';
import type { role } from '../../src/spec/schemas/role.js';

describe('schema types', () => {
  it('guild member: roles are ids, nick is optional and nullable', () => {
    type Member = z.infer<typeof guildMember>;
    expectTypeOf<Member['roles']>().toEqualTypeOf<string[]>();
    expectTypeOf<Member['nick']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Member['deaf']>().toEqualTypeOf<boolean>();
  });

  it('role: permissions are a decimal string, not a number', () => {
    expectTypeOf<z.infer<typeof role>['permissions']>().toEqualTypeOf<string>();
  });

  it('invite: channel is nullable but required, expires_at likewise', () => {
    type Invite = z.infer<typeof invite>;
    expectTypeOf<Invite['code']>().toEqualTypeOf<string>();
    expectTypeOf<Invite>().toHaveProperty('expires_at');
  });

  it('bulk ban body: user_ids is a required array of ids', () => {
    expectTypeOf<z.input<typeof bulkGuildBanBody>['user_ids']>().toEqualTypeOf<string[]>();
  });
});

describe('route table types', () => {
  it('keeps literal methods, paths and auth kinds', () => {
    expectTypeOf<Routes['getGuildBan']['method']>().toEqualTypeOf<'GET'>();
    expectTypeOf<Routes['getGuildBan']['path']>().toEqualTypeOf<'/guilds/{guild_id}/bans/{user_id}'>();
    expectTypeOf<Routes['getInvite']['auth']>().toExtend<RouteAuth>();
    expectTypeOf<Routes['createGuildBan']['responseKind']>().toEqualTypeOf<'empty'>();
  });
});
