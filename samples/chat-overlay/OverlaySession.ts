/** What a sample's server tells its page about the player (the game's backend would, after sign-in). */
export interface OverlaySession {
  /** The platform's API base. */
  readonly apiUrl: string;
  /** The player's bearer token. */
  readonly token: string;
  readonly userId: string;
  readonly name: string;
  /** The lobby to join. */
  readonly secret: string;
  /** The player's member metadata (their team). */
  readonly memberMetadata: Readonly<Record<string, string>>;
  /** The channel a member holding CanLinkLobby may link. */
  readonly linkChannelId?: string;
}
