/** `call` is typed from the route table: arguments from the schemas' inputs, results from their outputs. */
import { describe, expectTypeOf, it } from 'vitest';
import type { CallArgs, CallResult } from '../../src/rest/callTypes.js';
import type { RouteClient } from '../../src/rest/RouteClient.js';
import type { TestRoutes } from './support/testRoutes.js';

declare const client: RouteClient<TestRoutes>;

describe('RouteClient.call types', () => {
  it('infers results by response kind', () => {
    expectTypeOf(client.call('getLobby', { params: { lobby_id: '1' } })).resolves.toMatchTypeOf<{
      id: string;
    }>();
    expectTypeOf<CallResult<TestRoutes['leaveLobby']>>().toEqualTypeOf<void>();
    expectTypeOf<CallResult<TestRoutes['getTargetUsers']>>().toEqualTypeOf<string[]>();
    expectTypeOf<CallResult<TestRoutes['getGuildWidgetImage']>>().toEqualTypeOf<Uint8Array>();
  });

  it('requires what the schemas require and nothing else', () => {
    // createLobby: body optional, no params → arguments may be left out.
    client.call('createLobby');
    client.call('createLobby', { body: { idle_timeout_seconds: 60 } });
    // @ts-expect-error params are required
    client.call('getLobby');
    // @ts-expect-error lobby_id must be a string
    client.call('getLobby', { params: { lobby_id: 1 } });
    // @ts-expect-error no audit log on getLobby
    client.call('getLobby', { params: { lobby_id: '1' }, reason: 'x' });
    client.call('modifyGuildMember', { params: { guild_id: '1', user_id: '2' }, body: {}, reason: 'x' });
    // @ts-expect-error the file is required on a multipart route
    client.call('updateTargetUsers', { params: { code: 'a' } });
    client.call('updateTargetUsers', { params: { code: 'a' }, files: { target_users_file: 'user_id\n1\n' } });
    // @ts-expect-error unknown operation
    client.call('nope');
    expectTypeOf<CallArgs<TestRoutes['getLobbyMessages']>['query']>().toEqualTypeOf<
      { limit?: unknown } | undefined
    >();
  });
});
