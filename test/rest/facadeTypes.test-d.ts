/** The facades are typed from the route table: params first, then call's other arguments; call's results. */
import { describe, expectTypeOf, it } from 'vitest';
import type { CallResult } from '../../src/rest/callTypes.js';
import type { RestClient } from '../../src/rest/RestClient.js';
import type { Routes } from '../../src/spec/routes.js';

declare const client: RestClient;

describe('facade types', () => {
  it('resolve to what call resolves to', () => {
    expectTypeOf(client.lobbies.get({ lobby_id: '1' })).resolves.toEqualTypeOf<
      CallResult<Routes['getLobby']>
    >();
    expectTypeOf(client.lobbies.delete({ lobby_id: '1' })).resolves.toEqualTypeOf<void>();
    expectTypeOf(client.invites.getTargetUsers({ code: 'a' })).resolves.toEqualTypeOf<string[]>();
    expectTypeOf(client.guilds.getWidgetImage({ guild_id: '1' })).resolves.toEqualTypeOf<Uint8Array>();
    expectTypeOf(client.guilds.getMember({ guild_id: '1', user_id: '2' })).resolves.toMatchTypeOf<{
      roles: string[];
    }>();
  });

  it('take params first and require what the schemas require', () => {
    client.guilds.getMember({ guild_id: '1', user_id: '2' });
    // @ts-expect-error user_id is missing
    client.guilds.getMember({ guild_id: '1' });
    // @ts-expect-error the body is required (content)
    client.lobbies.sendMessage({ lobby_id: '1' });
    // Routes marked bodyOptional may leave the body out (sent as {}).
    client.lobbies.create();
    client.lobbies.addMember({ lobby_id: '1', user_id: '2' });
    client.guilds.createBan({ guild_id: '1', user_id: '2' }, { reason: 'spam' });
    client.guilds.createRole({ guild_id: '1' });
    client.channels.createInvite({ channel_id: '1' });
    client.channels.createInvite({ channel_id: '1' }, { files: { target_users_file: 'user_id\n1\n' } });
    // Others keep it required, even when every field is optional: an empty body would be a no-op…
    // @ts-expect-error the body is required
    client.guilds.modify({ guild_id: '1' }, { reason: 'tidy' });
    // @ts-expect-error the body is required
    client.lobbies.modify({ lobby_id: '1' });
    // …or drastic: unlinking the channel, pruning with the default 7 days.
    // @ts-expect-error the body is required
    client.lobbies.linkChannel({ lobby_id: '1' }, { auth: { bearer: 'b' } });
    // @ts-expect-error the body is required
    client.guilds.beginPrune({ guild_id: '1' });
    // @ts-expect-error createOrJoin needs a secret
    client.lobbies.createOrJoin({ auth: { bearer: 'b' } });
    client.lobbies.modify(
      { lobby_id: '1' },
      { body: { metadata: { a: 'b' } }, signal: new AbortController().signal },
    );
    // @ts-expect-error no audit log on getLobby
    client.lobbies.get({ lobby_id: '1' }, { reason: 'x' });
    client.guilds.removeMember({ guild_id: '1', user_id: '2' }, { reason: 'spam' });
    // @ts-expect-error the CSV is required
    client.invites.updateTargetUsers({ code: 'a' });
    client.invites.updateTargetUsers(
      { code: 'a' },
      { files: { target_users_file: new Blob(['user_id\n']) } },
    );
    client.guilds.create();
    client.users.getCurrentUserGuilds({ auth: { bearer: 't' } });
  });

  it('type the helpers from the table too', () => {
    expectTypeOf(client.guilds.iterateMembers({ guild_id: '1' })).toMatchTypeOf<
      AsyncIterable<CallResult<Routes['listGuildMembers']>[number]>
    >();
    expectTypeOf(
      client.guilds.bulkBanAll({ guild_id: '1' }, { body: { user_ids: ['1'] } }),
    ).resolves.toEqualTypeOf<CallResult<Routes['bulkGuildBan']>>();
    expectTypeOf(
      client.invites.updateTargetUsersAndWait({ code: 'a' }, { files: { target_users_file: 'user_id\n' } }),
    ).resolves.toEqualTypeOf<CallResult<Routes['getTargetUsersJobStatus']>>();
  });
});
