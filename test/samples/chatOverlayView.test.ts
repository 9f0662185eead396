// @vitest-environment happy-dom
/**
 * The overlay's DOM under happy-dom: user content (names, messages, metadata) lands as text and never
 * as elements; colours only from checked values; messages once each, in id order, newest at the
 * bottom; the idle line, the channel buttons, the states and the keyboard path of the send box.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ChatOverlayView, formatCountdown } from '../../samples/chat-overlay/ChatOverlayView.js';
import { teamColour } from '../../samples/chat-overlay/teamColour.js';

const payload = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>';

function mount() {
  const root = document.createElement('div');
  document.body.append(root);
  const view = new ChatOverlayView(root);
  const q = <T extends Element = HTMLElement>(selector: string) => root.querySelector(selector) as T;
  const all = (selector: string) => Array.from(root.querySelectorAll(selector)).map((n) => n.textContent);
  return { root, view, q, all };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('ChatOverlayView', () => {
  it('shows names, team metadata and messages as text, never as elements', () => {
    const { root, view, all } = mount();
    view.setMembers([
      { id: '2', name: payload, metadata: { team: payload }, self: false },
      { id: '1', name: 'alice', metadata: { team: 'red' }, self: true },
    ]);
    view.addMessage({ id: '10', authorName: payload, content: payload, mine: false });
    expect(all('.lk-member-name')).toEqual(['alice (you)', payload]);
    expect(all('.lk-member-team')).toEqual(['red', payload]);
    expect(all('.lk-author')).toEqual([payload]);
    expect(all('.lk-text')).toEqual([payload]);
    expect(root.querySelectorAll('img, script')).toHaveLength(0);
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('colours members by team, and refuses a colour that is not a plain hex value', () => {
    const { view, root } = mount();
    view.setMembers([
      { id: '1', name: 'a', metadata: { team: 'Red' }, self: false },
      { id: '2', name: 'b', metadata: { color: '#00FF00' }, self: false },
      { id: '3', name: 'c', metadata: { color: 'red;background:url(/x)' }, self: false },
      { id: '4', name: 'd', metadata: {}, self: false },
    ]);
    const swatches = Array.from(root.querySelectorAll<HTMLElement>('.lk-swatch')).map((s) => s.style.cssText);
    expect(swatches[0]).toContain('background-color');
    expect(swatches[1]).toMatch(/#00ff00|rgb\(0, 255, 0\)/);
    expect(swatches[2]).toBe('');
    expect(swatches[3]).toBe('');
    expect(teamColour({ team: 'red' })).toBe('#e5484d');
    expect(teamColour({ team: 'wolves' })).toMatch(/^hsl\(\d+, 65%, 55%\)$/);
    expect(teamColour({ team: 'wolves' })).toBe(teamColour({ team: 'wolves' }));
    expect(teamColour({ color: 'expression(alert(1))' })).toBeNull();
  });

  it('shows each message once, ordered by id with the newest at the bottom', () => {
    const { view, all } = mount();
    const msg = (id: string, content: string) => ({ id, authorName: 'a', content, mine: false });
    expect(view.addMessage(msg('100', 'first'))).toBe(true);
    expect(view.addMessage(msg('300', 'third'))).toBe(true);
    expect(view.addMessage(msg('200', 'second'))).toBe(true); // a late answer lands in its place
    expect(view.addMessage(msg('99', 'zeroth'))).toBe(true); // shorter id: smaller snowflake
    expect(view.addMessage(msg('300', 'third again'))).toBe(false);
    expect(all('.lk-text')).toEqual(['zeroth', 'first', 'second', 'third']);
  });

  it('shows the idle countdown, warns under a minute, and says when a linked channel keeps the lobby', () => {
    const { view, q } = mount();
    view.setIdle({ remainingMs: 299_001 });
    expect(q('.lk-idle').textContent).toBe('Idle in 5:00');
    expect(q('.lk-idle').dataset.warning).toBeUndefined();
    view.setIdle({ remainingMs: 59_000 });
    expect(q('.lk-idle').textContent).toBe('Idle in 0:59');
    expect(q('.lk-idle').dataset.warning).toBe('true');
    view.setIdle({ remainingMs: 0 });
    expect(q('.lk-idle').textContent).toBe('Idle: the lobby may close');
    view.setIdle({ remainingMs: null });
    expect(q('.lk-idle').textContent).toBe('Never idles: a channel is linked');
    view.setIdle(undefined);
    expect(q('.lk-idle').textContent).toBe('');
    expect([formatCountdown(61_000), formatCountdown(1), formatCountdown(-5)]).toEqual([
      '1:01',
      '0:01',
      '0:00',
    ]);
  });

  it('offers linking to a member who may, and the invite once a channel is linked', () => {
    const { view, q } = mount();
    const link = q<HTMLButtonElement>('.lk-link');
    const join = q<HTMLButtonElement>('.lk-join');
    view.setChannel(null, { canLink: false });
    expect([link.hidden, join.hidden, q('.lk-channel-name').textContent]).toEqual([
      true,
      true,
      'No linked channel',
    ]);
    view.setChannel(null, { canLink: true });
    expect([link.hidden, join.hidden]).toEqual([false, true]);
    view.setChannel({ name: payload }, { canLink: true });
    expect([link.hidden, join.hidden]).toEqual([true, false]);
    expect(q('.lk-channel-name').textContent).toBe(`Linked channel: #${payload}`);
    view.showInvite('a"b<c');
    const anchor = q<HTMLAnchorElement>('.lk-invite-link');
    expect(anchor.textContent).toBe('discord.gg/a"b<c');
    expect(anchor.getAttribute('href')).toBe('https://discord.gg/a%22b%3Cc');
    expect(anchor.rel).toBe('noopener noreferrer');
  });

  it('turns sending off in the states where it cannot work', () => {
    const { view, root, q } = mount();
    const send = q<HTMLButtonElement>('.lk-send-button');
    const input = q<HTMLInputElement>('.lk-input');
    expect([view.state, send.disabled]).toEqual(['connecting', true]);
    view.setState('ready', 'In the lobby');
    expect([root.firstElementChild?.getAttribute('data-state'), send.disabled]).toEqual(['ready', false]);
    expect(q('.lk-status').textContent).toBe('In the lobby');
    expect(q('.lk-status').getAttribute('role')).toBe('status');
    view.setState('offline', 'Offline');
    expect([send.disabled, input.disabled]).toEqual([true, false]); // keep typing while offline
    for (const state of ['lobby-gone', 'token-refused'] as const) {
      view.setState(state, 'no');
      expect([send.disabled, input.disabled]).toEqual([true, true]);
    }
  });

  it('sends with Enter: trims, clears on success, keeps the text on failure, sends once per press', async () => {
    const { view, q } = mount();
    const sent: string[] = [];
    let accept = true;
    view.bind({
      send: async (text) => {
        sent.push(text);
        return accept;
      },
      joinServer: async () => {},
      linkChannel: async () => {},
    });
    view.setState('ready', 'ok');
    const input = q<HTMLInputElement>('.lk-input');
    const form = q<HTMLFormElement>('.lk-send');
    const label = q<HTMLLabelElement>('.lk-label');
    expect(label.htmlFor).toBe(input.id);
    expect(input.maxLength).toBe(4000);

    input.value = '  gg  ';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    form.dispatchEvent(new Event('submit', { cancelable: true })); // a double press while sending
    await settle();
    expect(sent).toEqual(['gg']);
    expect(input.value).toBe('');

    accept = false;
    input.value = 'again';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle();
    expect(sent).toEqual(['gg', 'again']);
    expect(input.value).toBe('again');

    input.value = '   ';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    await settle();
    expect(sent).toHaveLength(2);

    input.focus();
    expect(document.activeElement).toBe(input);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(document.activeElement).not.toBe(input);
    view.focusInput();
    expect(document.activeElement).toBe(input);
  });
});

/** Lets the promise chains of a submit settle (no timers involved). */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
