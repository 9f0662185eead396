// @vitest-environment happy-dom
/**
 * The overlay's controller under happy-dom against the real emulator over loopback: it joins by
 * secret and lists the members with their metadata; polls on a ManualClock and shows others'
 * messages; and shows each error state — rate limited (a real 429), lobby gone (the bot deleted
 * it), token refused (401), offline (the browser's event, and an unreachable platform).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ManualClock, RestClient } from 'lobbykit';
import { type Emulator, demo, startEmulator } from 'lobbykit/emulator';
import { undiciTransport } from 'lobbykit/node';
import { type ChatOverlayOptions, mountChatOverlay } from '../../samples/chat-overlay/mountChatOverlay.js';

const [alice, bob] = demo.users;
const running: { close(): Promise<void> }[] = [];

afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
  document.body.replaceChildren();
});

async function emulator(rateLimits: Parameters<typeof startEmulator>[0] = {}): Promise<Emulator> {
  const emu = await startEmulator({ port: 0, seed: 'demo', rateLimits: 'off', ...rateLimits });
  running.push(emu);
  return emu;
}

function mount(apiUrl: string, options: Partial<ChatOverlayOptions> = {}) {
  const clock = new ManualClock(Date.now());
  const root = document.createElement('div');
  document.body.append(root);
  const overlay = mountChatOverlay(root, {
    apiUrl,
    token: alice.token,
    secret: 'overlay-test',
    self: { id: alice.id, name: 'alice' },
    memberMetadata: { team: 'red' },
    loop: 'manual',
    window,
    clock,
    transport: undiciTransport(),
    ...options,
  });
  running.push({ close: () => overlay.dispose() });
  const state = () => root.querySelector<HTMLElement>('.lk-overlay')?.dataset.state;
  const status = () => root.querySelector('.lk-status')?.textContent ?? '';
  const texts = (selector: string) => Array.from(root.querySelectorAll(selector)).map((n) => n.textContent);
  return { overlay, clock, root, state, status, texts };
}

/** Submits the send box as a player pressing Enter would. */
function type(root: HTMLElement, text: string): void {
  const input = root.querySelector<HTMLInputElement>('.lk-input');
  if (input === null) throw new Error('no send box');
  input.value = text;
  root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }));
}

describe('mountChatOverlay', () => {
  it("joins by secret, lists members with their team, shows the countdown and polls others' messages", async () => {
    const emu = await emulator();
    const bobRest = new RestClient({ baseUrl: emu.apiUrl, auth: { bearer: bob.token } });
    running.push(bobRest);
    const lobbyWire = await bobRest.lobbies.createOrJoin({
      body: { secret: 'overlay-test', member_metadata: { team: 'blue' } },
    });
    const o = mount(emu.apiUrl);
    const lobby = await o.overlay.ready;
    expect(lobby?.id).toBe(lobbyWire.id);
    expect(o.state()).toBe('ready');
    expect(o.texts('.lk-member-name')).toEqual(['alice (you)', bob.id]); // bob's name: unknown until he chats
    expect(o.texts('.lk-member-team')).toEqual(['red', 'blue']);
    expect(o.root.querySelector('.lk-idle')?.textContent).toBe('Idle in 5:00');

    await bobRest.lobbies.sendMessage({ lobby_id: lobbyWire.id }, { body: { content: 'hi alice' } });
    o.clock.advance(1_000); // the first poll ran at join; the next is due
    await vi.waitFor(() => expect(o.texts('.lk-text')).toEqual(['hi alice']));
    expect(o.texts('.lk-author')).toEqual(['Bob']);
    expect(o.texts('.lk-member-name')).toEqual(['alice (you)', 'Bob']);

    type(o.root, 'hello bob');
    await vi.waitFor(() => expect(o.texts('.lk-text')).toEqual(['hi alice', 'hello bob']));
    const seen = await bobRest.lobbies.getMessages({ lobby_id: lobbyWire.id });
    expect(seen.map((m) => m.content)).toContain('hello bob');

    o.clock.advance(30_000);
    o.overlay.frame();
    expect(o.root.querySelector('.lk-idle')?.textContent).toMatch(/^Idle in 4:[23]\d$/);
  });

  it('shows "rate limited" on a 429 and keeps the unsent text', async () => {
    const emu = await emulator({ rateLimits: { development: { sendLobbyMessage: 1 } } });
    const o = mount(emu.apiUrl);
    await o.overlay.ready;
    type(o.root, 'one');
    await vi.waitFor(() => expect(o.texts('.lk-text')).toEqual(['one']));
    type(o.root, 'two');
    await vi.waitFor(() => expect(o.state()).toBe('rate-limited'));
    expect(o.status()).toMatch(/^Rate limited: too many requests\. Wait \d+ seconds? before trying again\.$/);
    expect(o.root.querySelector<HTMLInputElement>('.lk-input')?.value).toBe('two');
    expect(o.root.querySelector<HTMLButtonElement>('.lk-send-button')?.disabled).toBe(false);
  });

  it('shows "lobby gone" when the lobby was deleted, and stops sending', async () => {
    const emu = await emulator();
    const o = mount(emu.apiUrl);
    const lobby = await o.overlay.ready;
    const bot = new RestClient({ baseUrl: emu.apiUrl, auth: { bot: demo.botToken } });
    running.push(bot);
    await bot.lobbies.delete({ lobby_id: lobby?.id ?? '' });
    o.clock.advance(10_000);
    await vi.waitFor(() => expect(o.state()).toBe('lobby-gone'));
    expect(o.status()).toBe('This lobby is gone (it was deleted or idled out).');
    expect(o.root.querySelector<HTMLInputElement>('.lk-input')?.disabled).toBe(true);
    expect(o.clock.pending).toBe(1); // only the countdown's redraw: no poll is scheduled any more
  });

  it('shows a refused action (403) and carries on chatting', async () => {
    const emu = await emulator();
    const [, , carol] = demo.users; // a Player: may not manage #lobby-chat
    const o = mount(emu.apiUrl, {
      token: carol.token,
      self: { id: carol.id, name: 'carol' },
      linkChannelId: demo.channelIds.lobbyChat,
    });
    const lobby = await o.overlay.ready;
    const bot = new RestClient({ baseUrl: emu.apiUrl, auth: { bot: demo.botToken } });
    running.push(bot);
    await bot.lobbies.bulkUpdateMembers(
      { lobby_id: lobby?.id ?? '' },
      { body: [{ id: carol.id, flags: 1 }] },
    );
    // The game's backend granted CanLinkLobby; a player cannot read the lobby to learn it, so the
    // button is shown here as a game that told its page would show it. The platform refuses the link:
    // carol may not manage the channel.
    const link = o.root.querySelector<HTMLButtonElement>('.lk-link');
    if (link === null) throw new Error('no link button');
    link.hidden = false;
    link.click();
    await vi.waitFor(() => expect(o.state()).toBe('error'));
    expect(o.status()).toBe('You are not allowed to do that in this lobby.');
    type(o.root, 'still here');
    await vi.waitFor(() => expect(o.texts('.lk-text')).toEqual(['still here']));
    expect(o.state()).toBe('ready');
  });

  it('shows "token refused" for a bad token and gives up', async () => {
    const emu = await emulator();
    const o = mount(emu.apiUrl, { token: 'not-a-token' });
    expect(await o.overlay.ready).toBeNull();
    expect(o.state()).toBe('token-refused');
    expect(o.status()).toBe('Your sign-in was refused. Sign in again to chat.');
    expect(o.status()).not.toContain('not-a-token');
  });

  it('shows "offline" while the browser is offline and resumes on online', async () => {
    const emu = await emulator();
    const o = mount(emu.apiUrl);
    await o.overlay.ready;
    window.dispatchEvent(new Event('offline'));
    expect(o.state()).toBe('offline');
    expect(o.status()).toBe('Offline: waiting for the network to come back.');
    window.dispatchEvent(new Event('online'));
    expect(o.state()).toBe('ready');
  });

  it('shows "offline" when the platform cannot be reached, and keeps trying', async () => {
    const emu = await emulator();
    const apiUrl = emu.apiUrl;
    await emu.close();
    const o = mount(apiUrl, { poll: { minMs: 1_000 } });
    // The client's own retry waits on the clock: move it along until the failure reaches the view.
    await vi.waitFor(() => {
      o.clock.advance(500);
      expect(o.state()).toBe('offline');
    });
    expect(o.status()).toBe('Offline: cannot reach the chat service. Retrying…');
    expect(o.clock.pending).toBeGreaterThanOrEqual(2); // the retry of the join, and the countdown
  });
});
