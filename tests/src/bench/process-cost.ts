// What a process spends while it answers, read from Linux's /proc: its CPU time (every thread's,
// the thread pool's writes included) and its write system calls. Steadier than requests a second on
// a shared machine, whose speed swings from one minute to the next: a fixed load, the same work
// counted whatever else runs beside it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** A process's CPU time and write system calls so far. */
export interface ProcessCost {
  cpuMs: number;
  writes: number;
}

// The unit of /proc's CPU times; 100 on every common Linux.
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** Whether this machine tells a process's costs (Linux with /proc). */
export function canReadProcessCost(pid: number): boolean {
  return existsSync(`/proc/${pid}/stat`) && existsSync(`/proc/${pid}/io`);
}

/** The process's CPU time (user and system) and write system calls until now. */
export function readProcessCost(pid: number): ProcessCost {
  // The command name may hold spaces and parentheses: the fields start after its last ')'.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  const writes = /^syscw:\s*(\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1];
  if (!Number.isFinite(ticks) || writes === undefined) {
    throw new Error(`/proc/${pid} did not give the process's CPU time and writes`);
  }
  return { cpuMs: (ticks * 1000) / ticksPerSecond, writes: Number(writes) };
}

/** What the process spent between two readings. */
export function costSince(pid: number, before: ProcessCost): ProcessCost {
  const now = readProcessCost(pid);
  return { cpuMs: now.cpuMs - before.cpuMs, writes: now.writes - before.writes };
}

/** What one answer (or order) cost of what a process spent on `answers` of them. */
export function costPerAnswer(
  spent: ProcessCost,
  answers: number,
): { cpuMicros: number; writes: number } {
  return { cpuMicros: (spent.cpuMs * 1000) / answers, writes: spent.writes / answers };
}
