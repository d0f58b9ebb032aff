import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import {
  firebasePasswordHash,
  type TFirebaseHashParameters,
  ZFirebaseHashParameters,
} from '../auth/firebase-password';
import { ImportStop } from './import-errors';

// The accounts file `firebase auth:export users.json --format=json` writes, and the project's
// password hash parameters (Authentication > Users > Password hash parameters in the console).

const ZExportedAccount = z.looseObject({
  localId: z.string().min(1),
  email: z.string().optional(),
  emailVerified: z.boolean().optional(),
  passwordHash: z.string().optional(),
  salt: z.string().optional(),
  disabled: z.boolean().optional(),
});
export type ExportedAccount = z.infer<typeof ZExportedAccount>;

const ZAuthExportFile = z.object({ users: z.array(ZExportedAccount) });

// As the console shows them (snake case, inside hash_config or not), or in camel case.
const ZHashParametersFile = z
  .looseObject({ hash_config: z.record(z.string(), z.unknown()).optional() })
  .transform((file) => {
    const source = (file.hash_config ?? file) as Record<string, unknown>;
    const pick = (...keys: string[]) => keys.map((key) => source[key]).find((v) => v !== undefined);
    return {
      rounds: Number(pick('rounds')),
      memCost: Number(pick('mem_cost', 'memCost')),
      saltSeparator: pick('base64_salt_separator', 'saltSeparator'),
      signerKey: pick('base64_signer_key', 'signerKey'),
    };
  })
  .pipe(ZFirebaseHashParameters);

export interface AuthExport {
  accounts: Map<string, ExportedAccount>;
  parameters: TFirebaseHashParameters;
}

async function readJson<S extends z.ZodType>(file: string, schema: S, what: string) {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ImportStop(`Cannot read ${what} ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportStop(`${file} is not JSON: expected ${what}.`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new ImportStop(`${file} is not ${what}: ${issue?.path.join('.')} ${issue?.message}`);
  }
  return parsed.data as z.output<S>;
}

/** Reads both files; a missing or malformed one stops the run before anything is written. */
export async function readAuthExport(accountsFile: string, parametersFile: string) {
  const { users } = await readJson(
    accountsFile,
    ZAuthExportFile,
    'the accounts file of firebase auth:export --format=json',
  );
  const parameters = await readJson(
    parametersFile,
    ZHashParametersFile,
    'the password hash parameters (rounds, mem_cost, base64_salt_separator, base64_signer_key)',
  );
  const accounts = new Map(users.map((account) => [account.localId, account]));
  return { accounts, parameters } satisfies AuthExport;
}

/** The stored text of an exported account's password, or null when it has none. */
export function exportedPassword(account: ExportedAccount, parameters: TFirebaseHashParameters) {
  if (!account.passwordHash || !account.salt) return null;
  return firebasePasswordHash(parameters, account.salt, account.passwordHash);
}
