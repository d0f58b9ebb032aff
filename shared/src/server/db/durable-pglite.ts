import { existsSync, fsyncSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { fsyncPath, writeFileDurably } from '../durable-file';

// PGlite starts PostgreSQL with -F (fsync off), and even with fsync on, the Emscripten file system
// it writes through (NODEFS) has no fsync: PostgreSQL's flush of the WAL at commit reached the
// page cache only, so a power cut or a kernel crash could lose orders already answered 201. Here
// PostgreSQL runs with fsync on and syncs the WAL with fsync() (fdatasync is a no-op in
// Emscripten), and NODEFS's fsync is the real one: a commit returns once its WAL is on disk.

/** What the embedded database runs with; a test and the README show these. */
export const DURABLE_SETTINGS = {
  fsync: 'on',
  synchronous_commit: 'on',
  wal_sync_method: 'fsync',
} as const;

type NodeFsModule = { NODEFS: { stream_ops: { fsync?: (stream: { nfd?: number }) => number } } };

/** NODEFS with a real fsync; counts the syncs so that a test can see commits reach the disk. */
export class DurableNodeFS extends NodeFS {
  syncs = 0;

  override async init(...args: Parameters<NodeFS['init']>) {
    const { emscriptenOpts } = await super.init(...args);
    const patchFsync = (module: unknown) => {
      (module as NodeFsModule).NODEFS.stream_ops.fsync = (stream) => {
        if (stream.nfd !== undefined) {
          fsyncSync(stream.nfd);
          this.syncs += 1;
        }
        return 0;
      };
    };
    const preRun = emscriptenOpts.preRun;
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [...(Array.isArray(preRun) ? preRun : preRun ? [preRun] : []), patchFsync],
      },
    };
  }
}

/** PGlite's start parameters without -F, with the settings above. */
export function durableStartParams(): string[] {
  const params = PGlite.defaultStartParams.filter((param) => param !== '-F');
  for (const [name, value] of Object.entries(DURABLE_SETTINGS))
    params.push('-c', `${name}=${value}`);
  return params;
}

/** An embedded database in `dir` that is durable at commit. */
export function openDurablePglite(dir: string): { client: PGlite; fs: DurableNodeFS } {
  const fs = new DurableNodeFS(dir);
  const client = new PGlite({ fs, startParams: durableStartParams(), relaxedDurability: false });
  return { client, fs };
}

// PGlite's initdb writes the new cluster's thousand-odd files without a sync: a power cut in the
// first half minute left them empty and the database unable to start. So before its first use
// every file and folder of the cluster is synced once, and a mark in it says so.
const SYNCED_MARK = 'campusbucket-synced';

function fsyncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) fsyncTree(path);
    else if (entry.isFile()) fsyncPath(path);
  }
  fsyncPath(dir);
}

/** Syncs the cluster in `dir` to disk, unless it was already (by this or an earlier start). */
export function syncClusterOnce(dir: string): void {
  if (existsSync(join(dir, SYNCED_MARK))) return;
  fsyncTree(dir);
  fsyncPath(dirname(dir));
  writeFileDurably(
    join(dir, SYNCED_MARK),
    'Every file of this cluster was synced to disk.\n',
    0o644,
  );
}
