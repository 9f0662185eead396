/**
 * The chat overlay's DOM: status line, idle countdown, linked channel, member list, messages and the
 * send box. It knows nothing of the platform; {@link mountChatOverlay} feeds it. Every piece of user
 * content (names, messages, metadata) goes in through `textContent`, never as HTML, and colours only
 * through {@link teamColour}'s checked values.
 */
import type { OverlayState } from './describeProblem.js';
import { teamColour } from './teamColour.js';

/** A member as the overlay lists it. */
export interface OverlayMember {
  readonly id: string;
  /** The name to show; the id is shown when unknown. */
  readonly name: string | null;
  readonly metadata: Readonly<Record<string, string>>;
  readonly self: boolean;
}

/** A message as the overlay shows it. */
export interface OverlayMessage {
  readonly id: string;
  readonly authorName: string;
  readonly content: string;
  readonly mine: boolean;
}

/** What the idle line shows: the time left, or null while a linked channel keeps the lobby. */
export interface OverlayIdle {
  readonly remainingMs: number | null;
}

/** The linked channel as the overlay shows it. */
export interface OverlayChannel {
  readonly name: string | null;
}

/** Handlers the controller gives the view. Each returns whether it succeeded. */
export interface OverlayHandlers {
  send(text: string): Promise<boolean>;
  joinServer(): Promise<void>;
  linkChannel(): Promise<void>;
}

/** Options of a {@link ChatOverlayView}. */
export interface ChatOverlayViewOptions {
  /** The heading. @defaultValue `'Lobby chat'` */
  readonly title?: string;
  /** The longest message the send box takes. @defaultValue `4000` */
  readonly maxLength?: number;
  /** Remaining time under which the countdown is shown as a warning. @defaultValue `60_000` */
  readonly warnBelowMs?: number;
}

/** Milliseconds as `m:ss`, rounded up (a countdown shows 0:00 only when it is over). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const secs = total % 60;
  return `${minutes}:${secs.toString().padStart(2, '0')}`;
}

/** Compares two snowflakes (decimal strings) by value. */
function compareIds(a: string, b: string): number {
  return a.length === b.length ? (a < b ? -1 : a > b ? 1 : 0) : a.length - b.length;
}

/**
 * The overlay's DOM under `root`. Build it once; the controller calls the setters as things change.
 */
export class ChatOverlayView {
  /** The overlay's outermost element. */
  readonly element: HTMLElement;
  readonly #doc: Document;
  readonly #status: HTMLElement;
  readonly #idle: HTMLElement;
  readonly #channel: HTMLElement;
  readonly #channelName: HTMLElement;
  readonly #linkButton: HTMLButtonElement;
  readonly #joinButton: HTMLButtonElement;
  readonly #invite: HTMLElement;
  readonly #members: HTMLUListElement;
  readonly #messages: HTMLOListElement;
  readonly #form: HTMLFormElement;
  readonly #input: HTMLInputElement;
  readonly #sendButton: HTMLButtonElement;
  readonly #warnBelowMs: number;
  readonly #shown = new Set<string>();
  #handlers: OverlayHandlers | undefined;
  #state: OverlayState = 'connecting';
  #busy = false;

  constructor(root: HTMLElement, options: ChatOverlayViewOptions = {}) {
    this.#doc = root.ownerDocument;
    this.#warnBelowMs = options.warnBelowMs ?? 60_000;
    const el = this.#el('section', 'lk-overlay');
    el.setAttribute('aria-label', options.title ?? 'Lobby chat');
    this.element = el;

    const header = this.#el('header', 'lk-header', el);
    this.#el('h2', 'lk-title', header).textContent = options.title ?? 'Lobby chat';
    this.#status = this.#el('p', 'lk-status', header);
    this.#status.setAttribute('role', 'status');
    this.#status.setAttribute('aria-live', 'polite');
    this.#idle = this.#el('p', 'lk-idle', header);
    this.#idle.setAttribute('aria-live', 'off');

    this.#channel = this.#el('div', 'lk-channel', el);
    this.#channelName = this.#el('span', 'lk-channel-name', this.#channel);
    this.#linkButton = this.#button('Link the game channel', 'lk-link', this.#channel);
    this.#joinButton = this.#button('Join the server', 'lk-join', this.#channel);
    this.#invite = this.#el('p', 'lk-invite', this.#channel);
    this.#invite.setAttribute('aria-live', 'polite');
    this.#linkButton.addEventListener('click', () => void this.#run(() => this.#handlers?.linkChannel()));
    this.#joinButton.addEventListener('click', () => void this.#run(() => this.#handlers?.joinServer()));

    const body = this.#el('div', 'lk-body', el);
    this.#members = this.#el('ul', 'lk-members', body) as HTMLUListElement;
    this.#members.setAttribute('aria-label', 'Members');
    this.#messages = this.#el('ol', 'lk-messages', body) as HTMLOListElement;
    this.#messages.setAttribute('aria-label', 'Messages');
    this.#messages.setAttribute('aria-live', 'polite');
    this.#messages.tabIndex = 0; // scrollable with the keyboard

    this.#form = this.#el('form', 'lk-send', el) as HTMLFormElement;
    const inputId = `lk-input-${Math.random().toString(36).slice(2, 8)}`;
    const label = this.#el('label', 'lk-label', this.#form) as HTMLLabelElement;
    label.htmlFor = inputId;
    label.textContent = 'Message';
    this.#input = this.#el('input', 'lk-input', this.#form) as HTMLInputElement;
    this.#input.id = inputId;
    this.#input.type = 'text';
    this.#input.autocomplete = 'off';
    this.#input.maxLength = options.maxLength ?? 4000;
    this.#input.placeholder = 'Say something (Enter to send, Esc to leave the box)';
    this.#sendButton = this.#button('Send', 'lk-send-button', this.#form);
    this.#sendButton.type = 'submit';
    this.#form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.#submit();
    });
    this.#input.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.#input.blur(); // back to the game
    });

    this.setState('connecting', 'Joining the lobby…');
    this.setChannel(null, { canLink: false });
    root.append(el);
  }

  /** The controller's handlers for the send box and the buttons. */
  bind(handlers: OverlayHandlers): void {
    this.#handlers = handlers;
  }

  /** The state shown. */
  get state(): OverlayState {
    return this.#state;
  }

  /** Shows a state and its line of text; sending is off unless the state allows it. */
  setState(state: OverlayState, text: string): void {
    this.#state = state;
    this.element.dataset.state = state;
    this.#status.textContent = text;
    this.#updateControls();
  }

  /** Replaces the member list (sorted: you first, then by name). */
  setMembers(members: readonly OverlayMember[]): void {
    const sorted = [...members].sort(
      (a, b) => Number(b.self) - Number(a.self) || (a.name ?? a.id).localeCompare(b.name ?? b.id),
    );
    const items = sorted.map((m) => {
      const li = this.#el('li', 'lk-member');
      li.dataset.userId = m.id;
      const swatch = this.#el('span', 'lk-swatch', li);
      swatch.setAttribute('aria-hidden', 'true');
      const colour = teamColour(m.metadata);
      if (colour !== null) swatch.style.backgroundColor = colour;
      this.#el('span', 'lk-member-name', li).textContent = (m.name ?? m.id) + (m.self ? ' (you)' : '');
      const team = m.metadata.team;
      if (team !== undefined) this.#el('span', 'lk-member-team', li).textContent = team;
      return li;
    });
    this.#members.replaceChildren(...items);
  }

  /**
   * Shows a message once (by id), in id order, newest at the bottom; keeps the list scrolled to the
   * bottom when it was there. Returns whether it was new.
   */
  addMessage(message: OverlayMessage): boolean {
    if (this.#shown.has(message.id)) return false;
    this.#shown.add(message.id);
    const list = this.#messages;
    const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
    const li = this.#el('li', message.mine ? 'lk-message lk-mine' : 'lk-message');
    li.dataset.messageId = message.id;
    this.#el('span', 'lk-author', li).textContent = message.authorName;
    this.#el('span', 'lk-text', li).textContent = message.content;
    let before: Element | null = null;
    for (let node = list.lastElementChild; node !== null; node = node.previousElementSibling) {
      const id = (node as HTMLElement).dataset.messageId ?? '';
      if (compareIds(id, message.id) < 0) break;
      before = node;
    }
    list.insertBefore(li, before);
    if (atBottom || before === null) list.scrollTop = list.scrollHeight;
    return true;
  }

  /** Shows the idle countdown (`undefined` hides it). */
  setIdle(idle: OverlayIdle | undefined): void {
    if (idle === undefined) {
      this.#idle.textContent = '';
      delete this.#idle.dataset.warning;
      return;
    }
    if (idle.remainingMs === null) {
      this.#idle.textContent = 'Never idles: a channel is linked';
      delete this.#idle.dataset.warning;
      return;
    }
    this.#idle.textContent =
      idle.remainingMs > 0 ? `Idle in ${formatCountdown(idle.remainingMs)}` : 'Idle: the lobby may close';
    if (idle.remainingMs < this.#warnBelowMs) this.#idle.dataset.warning = 'true';
    else delete this.#idle.dataset.warning;
  }

  /** Shows the linked channel (or none) and which of its buttons apply. */
  setChannel(channel: OverlayChannel | null, options: { readonly canLink: boolean }): void {
    this.#channelName.textContent =
      channel === null ? 'No linked channel' : `Linked channel: #${channel.name ?? 'channel'}`;
    this.#linkButton.hidden = channel !== null || !options.canLink;
    this.#joinButton.hidden = channel === null;
    if (channel === null) this.#invite.textContent = '';
  }

  /** Shows the invite the player asked for (its code and link, as text). */
  showInvite(code: string): void {
    this.#invite.replaceChildren();
    this.#invite.append(this.#doc.createTextNode('Your invite: '));
    const link = this.#el('a', 'lk-invite-link', this.#invite) as HTMLAnchorElement;
    link.href = `https://discord.gg/${encodeURIComponent(code)}`;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.textContent = `discord.gg/${code}`;
  }

  /** Puts the keyboard focus in the send box. */
  focusInput(): void {
    this.#input.focus();
  }

  /** Removes the overlay from the page. */
  destroy(): void {
    this.element.remove();
  }

  async #submit(): Promise<void> {
    const text = this.#input.value.trim();
    if (text === '' || this.#busy || this.#handlers === undefined) return;
    const handlers = this.#handlers;
    const sent = await this.#run(() => handlers.send(text));
    if (sent === true) this.#input.value = '';
    this.#input.focus();
  }

  /** Runs a button's action with the controls off, so that a double press sends once. */
  async #run<T>(action: () => Promise<T> | undefined): Promise<T | undefined> {
    if (this.#busy) return undefined;
    this.#busy = true;
    this.#updateControls();
    try {
      return await action();
    } finally {
      this.#busy = false;
      this.#updateControls();
    }
  }

  #updateControls(): void {
    const usable = this.#state === 'ready' || this.#state === 'rate-limited';
    this.#sendButton.disabled = this.#busy || !usable;
    this.#input.disabled = this.#state === 'lobby-gone' || this.#state === 'token-refused';
    this.#joinButton.disabled = this.#busy || !usable;
    this.#linkButton.disabled = this.#busy || !usable;
  }

  #el(tag: string, className: string, parent?: Element): HTMLElement {
    const node = this.#doc.createElement(tag);
    node.className = className;
    parent?.append(node);
    return node;
  }

  #button(text: string, className: string, parent: Element): HTMLButtonElement {
    const button = this.#el('button', className, parent) as HTMLButtonElement;
    button.type = 'button';
    button.textContent = text;
    return button;
  }
}
