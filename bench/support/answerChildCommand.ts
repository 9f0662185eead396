/**
 * The commands every bench child answers the same way (its CPU time, a CPU profile of itself), so
 * that each child's own switch holds only what is its own.
 */
import type { CpuProfiler } from './cpuProfiler.js';

/** A command from the bench's parent process. */
export interface ChildCommand {
  readonly cmd: string;
  /** Where `profile-stop` writes the profile. */
  readonly file?: string;
}

/**
 * Answers `cpu`, `profile-start` and `profile-stop` through `send`; false for any other command.
 * `defaultProfile` names the profile when `profile-stop` names none.
 */
export function answerChildCommand(
  message: ChildCommand,
  send: (message: unknown) => void,
  profiler: CpuProfiler,
  defaultProfile: string,
): boolean {
  switch (message.cmd) {
    case 'cpu': {
      const { user, system } = process.cpuUsage();
      send({ cpu: user + system });
      return true;
    }
    case 'profile-start':
      void profiler.start().then(() => send({ done: true }));
      return true;
    case 'profile-stop':
      void profiler.stop(message.file ?? defaultProfile).then(() => send({ done: true }));
      return true;
    default:
      return false;
  }
}
