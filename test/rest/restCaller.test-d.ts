/**
 * One caller interface: RestCaller<T> is `call` over table T's operations. A RestClient fits it for
 * any table (the lobby's included), a LobbyClient only for the lobby table; the lobby runtime's
 * LobbyRest is RestCaller over the lobby table. facadeOf types a facade from its operations interface.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { LobbyRest } from '../../src/lobby/LobbyRest.js';
import type { LobbyClient } from '../../src/rest/LobbyClient.js';
import type { RestCaller } from '../../src/rest/RestCaller.js';
import type { RestClient } from '../../src/rest/RestClient.js';
import type { CallResult } from '../../src/rest/callTypes.js';
import { facadeOf } from '../../src/rest/facades/facadeOf.js';
import type { ClockedRestCaller } from '../../src/rest/facades/facadeTypes.js';
import type { Routes } from '../../src/spec/routes.js';
import type { LobbyRoutes } from '../../src/spec/routes/lobbyRoutes.js';

declare const rest: RestClient;
declare const lobbyClient: LobbyClient;

describe('RestCaller', () => {
  it('is what a RestClient and a LobbyClient are, each for its table', () => {
    expectTypeOf(rest).toMatchTypeOf<RestCaller>();
    expectTypeOf(rest).toMatchTypeOf<RestCaller<LobbyRoutes>>();
    expectTypeOf(rest).toMatchTypeOf<ClockedRestCaller>();
    expectTypeOf(lobbyClient).toMatchTypeOf<RestCaller<LobbyRoutes>>();
    expectTypeOf(lobbyClient).not.toMatchTypeOf<RestCaller>();
    // The lobby runtime's client: the lobby table's caller, which may also tell its own limit.
    expectTypeOf<LobbyRest>().toMatchTypeOf<RestCaller<LobbyRoutes>>();
    expectTypeOf(rest).toMatchTypeOf<LobbyRest>();
    expectTypeOf(lobbyClient).toMatchTypeOf<LobbyRest>();
  });

  it('types call from the table', async () => {
    const caller = rest as RestCaller<LobbyRoutes>;
    expectTypeOf(await caller.call('getLobby', { params: { lobby_id: '1' } })).toEqualTypeOf<
      CallResult<Routes['getLobby']>
    >();
    // @ts-expect-error not an operation of the lobby table
    caller.call('getGuild', { params: { guild_id: '1' } });
    // @ts-expect-error lobby_id is required
    caller.call('getLobby', { params: {} });
  });
});

describe('facadeOf', () => {
  interface Operations {
    get: 'getLobby';
    create: 'createLobby';
    gateway: 'getGateway';
  }
  const Facade = facadeOf<Operations>('lobbies');

  it('makes one method per entry, typed from its operation', () => {
    const facade = new Facade(rest);
    expectTypeOf(facade.get({ lobby_id: '1' })).resolves.toEqualTypeOf<CallResult<Routes['getLobby']>>();
    expectTypeOf(facade.gateway()).resolves.toEqualTypeOf<CallResult<Routes['getGateway']>>();
    facade.create();
    facade.create({ body: { idle_timeout_seconds: 60 }, signal: new AbortController().signal });
    // @ts-expect-error params come first and lobby_id is required
    facade.get({});
    // @ts-expect-error no such method
    facade.delete;
  });

  it('accepts only operations of the table', () => {
    // @ts-expect-error not an operation
    facadeOf<{ get: 'getNothing' }>('lobbies');
  });
});
