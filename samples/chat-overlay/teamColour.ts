/**
 * A member's colour from their metadata: `color` when it is a plain hex colour, else a known team
 * name, else a hue derived from the team's name. Only values this module produced reach the page's
 * style, so metadata can never inject CSS.
 */

/** Colours of the team names games commonly use. */
const named: Readonly<Record<string, string>> = {
  red: '#e5484d',
  blue: '#3e63dd',
  green: '#30a46c',
  yellow: '#f5d90a',
  orange: '#f76b15',
  purple: '#8e4ec6',
};

/** A colour for `metadata`, or null when it names no team. */
export function teamColour(metadata: Readonly<Record<string, string>>): string | null {
  const hex = metadata.color ?? metadata.colour;
  if (hex !== undefined && /^#[0-9a-f]{6}$/i.test(hex)) return hex.toLowerCase();
  const team = metadata.team;
  if (team === undefined || team === '') return null;
  const known = named[team.toLowerCase()];
  if (known !== undefined) return known;
  let hash = 0;
  for (const ch of team) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return `hsl(${hash % 360}, 65%, 55%)`;
}
