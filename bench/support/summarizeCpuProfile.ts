/**
 * The top items of a V8 CPU profile (`node --cpu-prof`): self time per function (name, file and
 * line), largest first, as a share of the busy time (every sample but `(idle)`, which the summary
 * gives apart). Garbage collection and `(program)` are items too.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** One line of the summary. */
export interface ProfileItem {
  /** `name (file:line)`, the file shortened to its path below the project or node_modules. */
  readonly item: string;
  /** Self time in milliseconds. */
  readonly selfMs: number;
  /** Share of the busy time, 0..1. */
  readonly share: number;
}

function shortUrl(url: string): string {
  if (url === '') return '';
  const text = url.replace(/^file:\/\//, '');
  const nm = text.lastIndexOf('/node_modules/');
  if (nm >= 0) return text.slice(nm + '/node_modules/'.length);
  const src = text.search(/\/(src|bench|test)\//);
  return src >= 0 ? text.slice(src + 1) : text;
}

/** A profile's busy and idle time, and its top items. */
export interface ProfileSummary {
  readonly busyMs: number;
  readonly idleMs: number;
  readonly items: ProfileItem[];
}

/**
 * The `count` functions with the most self time in the profile at `file`. With `bySamples`, each
 * sample weighs the same (`intervalMs`) instead of the time since the previous one: a profile taken
 * through `node:inspector` in a process that waits on I/O has no `(idle)` samples, and the whole wait
 * lands on the first sample after it, so counting samples is the truer measure there.
 */
export function summarizeCpuProfile(
  file: string,
  count = 15,
  options: { readonly bySamples?: boolean; readonly intervalMs?: number } = {},
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) byId.set(node.id, node);
  const self = new Map<string, number>();
  let total = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    const delta = options.bySamples ? (options.intervalMs ?? 1) * 1000 : (profile.timeDeltas[i] ?? 0);
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const url = shortUrl(frame.url);
    const name = frame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idle += delta;
      return;
    }
    const key = url === '' ? name : `${name} (${url}:${frame.lineNumber + 1})`;
    self.set(key, (self.get(key) ?? 0) + delta);
    total += delta;
  });
  const items = [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([item, us]) => ({ item, selfMs: us / 1000, share: total === 0 ? 0 : us / total }));
  return { busyMs: total / 1000, idleMs: idle / 1000, items };
}
