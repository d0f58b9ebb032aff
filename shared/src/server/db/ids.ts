import { randomUUID } from 'node:crypto';

/** A new server-generated text id. */
export function newId(): string {
  return randomUUID();
}
