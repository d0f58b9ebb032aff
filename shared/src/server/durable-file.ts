import { closeSync, fsyncSync, openSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Flushes a file or a folder to the disk. */
export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes `file` so that a power cut leaves either its old content or the new one, never an empty
 * or half-written file: a temporary file beside it, synced, renamed over it, and the folder synced
 * so that the rename lasts.
 */
export function writeFileDurably(file: string, content: string, mode = 0o600): void {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
  writeFileSync(temporary, content, { mode });
  fsyncPath(temporary);
  renameSync(temporary, file);
  fsyncPath(dirname(file));
}
