/**
 * What the Lobby runtime sends, checked against the platform's OpenAPI document: the bodies of the
 * bulk upserts (removals included), Modify Lobby, Create Lobby, channel linking and messages that a
 * busy lobby produces, as they went to the transport.
 */
import { expect, it } from 'vitest';
import type { TransportRequest } from '../../src/rest/transport/Transport.js';
import { routeList } from '../../src/spec/routes.js';
import { describeConformance, describeErrors, requestValidator } from '../support/openapi.js';
import { recordingTransport } from '../support/recordingTransport.js';
import { botClient, client, demo, makeUsers, manualRuntime, useLobbyEmulator } from './lobbySupport.js';

const emu = useLobbyEmulator();
const [alice] = demo.users;

/** The route a request went to: of the templates that match, the one with fewest placeholders (so `@me` beats `{user_id}`). */
function routeOf(req: TransportRequest, apiUrl: string) {
  const path = new URL(req.url).pathname.slice(new URL(apiUrl).pathname.length);
  const placeholders = (template: string) => template.split('{').length - 1;
  const matching = routeList.filter(
    (r) =>
      r.method === req.method && new RegExp(`^${r.path.replace(/\{[a-z0-9_]+\}/g, '[^/]+')}$`).test(path),
  );
  return matching.sort((a, b) => placeholders(a.path) - placeholders(b.path))[0];
}

describeConformance("the Lobby runtime's requests vs the OpenAPI document", () => {
  it('sends only bodies the document accepts, over a lobby busy with every kind of change', async () => {
    const botTransport = recordingTransport();
    const userTransport = recordingTransport();
    const rest = botClient(emu.emulator, { transport: botTransport });
    const { runtime } = manualRuntime(emu.emulator, { rest });
    const ids = makeUsers(emu.emulator, 30);
    const lobby = await runtime.create({
      metadata: { mode: 'duel' },
      members: [{ id: ids[0] as string, metadata: { team: 'red' }, flags: 1, additionalName: 'Ace' }],
      idleTimeoutSeconds: 120,
    });
    // Upserts with and without each field, flags set and cleared, a name cleared, removals.
    for (const [i, id] of ids.entries()) lobby.upsertMember(id, { metadata: { seat: String(i) } });
    lobby.upsertMember(ids[1] as string, { flags: 1, additionalName: 'Bee' });
    lobby.upsertMember(ids[0] as string, { flags: 0, additionalName: null });
    lobby.removeMember(ids[2] as string);
    lobby.setMetadata({ round: '1', mode: null });
    await lobby.flush();
    lobby.replaceMetadata({});
    lobby.removeMember(ids[3] as string);
    await lobby.flush();
    const alicesClient = client(emu.emulator.apiUrl, { bearer: alice.token }, { transport: userTransport });
    lobby.upsertMember(alice.id, { flags: 1 });
    await lobby.flush();
    await lobby.linkChannel(demo.channelIds.lobbyChat, { rest: alicesClient });
    await lobby.sendMessage('gg', { rest: alicesClient, metadata: { kind: 'chat' } });
    await lobby.unlinkChannel({ rest: alicesClient });
    await runtime.dispose();
    await Promise.all([botTransport.close(), userTransport.close()]);

    const all: TransportRequest[] = [...botTransport.sent, ...userTransport.sent];
    const checked = new Set<string>();
    for (const req of all) {
      if (req.headers['content-type'] !== 'application/json') continue;
      const route = routeOf(req, emu.emulator.apiUrl);
      expect(route, `${req.method} ${req.url} is a route of the table`).toBeDefined();
      if (!route) continue;
      const validate = requestValidator(route.method, route.path);
      expect(validate, `the document declares a body for ${route.name}`).not.toBeNull();
      const body: unknown = JSON.parse(req.body as string);
      if (validate) expect(validate(body), `${route.name}: ${describeErrors(validate)}`).toBe(true);
      checked.add(route.name);
    }
    expect([...checked].sort()).toEqual(
      ['bulkUpdateLobbyMembers', 'createLobby', 'linkLobbyChannel', 'modifyLobby', 'sendLobbyMessage'].sort(),
    );
  });
});
