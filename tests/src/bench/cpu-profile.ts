// Where a process's machine time goes while something runs: V8's sampling profiler through the
// inspector of this process, summarised by self time per function and per package.
import { Session } from 'node:inspector/promises';

interface ProfileShare {
  name: string;
  selfMs: number;
  /** Of the busy time (idle left out). */
  share: number;
}

export interface ProfileSummary {
  busyMs: number;
  idleMs: number;
  functions: ProfileShare[];
  packages: ProfileShare[];
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

const TOP = 12;
const OURS = /\/(api|shared|worker|tests)\/src\//;

/** The package (or our workspace, or Node's own module) a function's script belongs to. */
function packageOf(frame: CallFrame): string {
  const { url } = frame;
  if (!url) return frame.functionName || '(native)';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1] as string;
  const ours = OURS.exec(url);
  if (ours) return `@campus/${ours[1]} (ours)`;
  if (url.startsWith('node:')) return url;
  return url;
}

function top(totals: Map<string, number>, busyMs: number): ProfileShare[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, selfMs]) => ({ name, selfMs, share: selfMs / busyMs }));
}

/**
 * Runs `work` under the profiler and summarises the samples taken meanwhile. Per package, time in
 * Node's own modules and native code (a socket's writev) counts for the package that called them.
 * Per stage of a request it cannot say: after an await, a stack starts from the microtask queue,
 * not from the route that awaited.
 */
export async function profiled<T>(
  work: () => Promise<T>,
): Promise<{ result: T; profile: ProfileSummary }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 500 });
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    const samples = profile.samples?.length ?? 0;
    const msPerSample = samples > 0 ? (profile.endTime - profile.startTime) / 1000 / samples : 0;
    const byFunction = new Map<string, number>();
    const byPackage = new Map<string, number>();
    const parents = new Map<number, ProfileNode>();
    for (const node of profile.nodes) {
      for (const child of node.children ?? []) parents.set(child, node);
    }
    // The nearest package or workspace of ours on the stack; the node's own otherwise.
    const callerPackage = (node: ProfileNode): string => {
      for (let at: ProfileNode | undefined = node; at; at = parents.get(at.id)) {
        const { url } = at.callFrame;
        if (url.includes('node_modules/') || OURS.test(url)) return packageOf(at.callFrame);
      }
      return packageOf(node.callFrame);
    };
    let idleMs = 0;
    let busyMs = 0;
    for (const node of profile.nodes) {
      const selfMs = (node.hitCount ?? 0) * msPerSample;
      if (selfMs === 0) continue;
      const frame = node.callFrame;
      if (frame.functionName === '(idle)') {
        idleMs += selfMs;
        continue;
      }
      busyMs += selfMs;
      const where = frame.url
        ? ` ${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(api|shared|worker|tests)\//, '$1/')}:${frame.lineNumber + 1}`
        : '';
      const name = `${frame.functionName || '(anonymous)'}${where}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + selfMs);
      const pkg = callerPackage(node);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + selfMs);
    }
    return {
      result,
      profile: {
        busyMs,
        idleMs,
        functions: top(byFunction, busyMs),
        packages: top(byPackage, busyMs),
      },
    };
  } finally {
    session.disconnect();
  }
}
