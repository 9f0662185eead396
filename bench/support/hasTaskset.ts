/** Whether `taskset` is on this machine: benchmarks pin the server and the client to separate cores with it. */
import { execFileSync } from 'node:child_process';

/** True when `taskset -V` runs. */
export function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
