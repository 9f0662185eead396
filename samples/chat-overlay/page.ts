/**
 * The standalone overlay page: asks its server who the player is (`/session?as=alice`), then mounts
 * the overlay and joins the lobby. Enter (outside the send box) focuses the send box.
 */
import { mountChatOverlay } from './mountChatOverlay.js';
import type { OverlaySession } from './OverlaySession.js';

const query = new URLSearchParams(location.search);
const root = document.querySelector<HTMLElement>('#chat');
if (root === null) throw new Error('the page has no #chat element');
const response = await fetch(`/session?as=${encodeURIComponent(query.get('as') ?? 'alice')}`);
if (!response.ok) {
  root.textContent = `No such player: ${query.get('as') ?? ''}`; // text, never HTML
} else {
  const session = (await response.json()) as OverlaySession;
  const overlay = mountChatOverlay(root, {
    apiUrl: session.apiUrl,
    token: session.token,
    secret: query.get('secret') ?? session.secret,
    self: { id: session.userId, name: session.name },
    memberMetadata: session.memberMetadata,
    ...(session.linkChannelId ? { linkChannelId: session.linkChannelId } : {}),
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !(event.target instanceof HTMLInputElement)) {
      event.preventDefault();
      overlay.view.focusInput();
    }
  });
  await overlay.ready;
}
