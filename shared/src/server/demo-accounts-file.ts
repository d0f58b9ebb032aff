import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TRole } from '../domain/roles';
import type { DemoAccount } from './db/seed';
import { writeFileDurably } from './durable-file';

/** Where the first start keeps the demo accounts' generated passwords, in the data folder. */
export const DEMO_ACCOUNTS_FILE = 'demo-accounts.txt';

const HEADER =
  '# The demo accounts made at the first start: role, e-mail, password. Change the passwords, ' +
  'or delete the accounts, before others can reach the app.\n';

/** Keeps the demo accounts in the data folder, readable by its owner only. */
export function writeDemoAccounts(dataDir: string, demoAccounts: readonly DemoAccount[]): void {
  const lines = demoAccounts.map((a) => `${a.role} ${a.email} ${a.password}\n`);
  writeFileDurably(join(dataDir, DEMO_ACCOUNTS_FILE), HEADER + lines.join(''));
}

/** The demo accounts the first start kept in the data folder; none when it kept none. */
export function readDemoAccounts(dataDir: string): DemoAccount[] {
  let text: string;
  try {
    text = readFileSync(join(dataDir, DEMO_ACCOUNTS_FILE), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [role, email, password] = line.split(' ');
      return { role: role as TRole, email: email ?? '', password: password ?? '' };
    });
}
