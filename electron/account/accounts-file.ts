// The accounts file: what is kept of each account besides its key (base URL,
// username, display name) and which one is active, in a small JSON file. Written atomically (temp file, fsync,
// rename) so a crash leaves the old or the new file, never half of one. A
// file that cannot be read is moved aside, never overwritten.
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AccountError } from './errors';

export const ACCOUNTS_FILE = 'accounts.json';

const storedAccount = z.object({
  id: z.string().min(1).max(100),
  baseUrl: z.string().min(1),
  username: z.string().min(1),
  displayName: z.string(),
  needsKey: z.boolean(),
  /** with needsKey: the key was not in this computer's keychain when a request needed it (the service was not asked); absent in files written before */
  keyMissing: z.boolean().default(false),
  connectedAt: z.string(),
});
export type StoredAccount = z.infer<typeof storedAccount>;

const accountsSchema = z
  .object({
    version: z.literal(1),
    active: z.string().nullable(),
    accounts: z.array(storedAccount),
  })
  .refine((s) => new Set(s.accounts.map((a) => a.id)).size === s.accounts.length, 'account ids must be unique')
  .refine((s) => s.active === null || s.accounts.some((a) => a.id === s.active), 'the active account must be one of the accounts');
export type SavedAccounts = z.infer<typeof accountsSchema>;

export const NO_ACCOUNTS: SavedAccounts = { version: 1, active: null, accounts: [] };

export class AccountsFile {
  readonly path: string;

  constructor(readonly dir: string) {
    this.path = join(dir, ACCOUNTS_FILE);
  }

  /** The saved accounts; none when there is no file yet. A corrupt file is moved aside and reported. */
  async load(now: Date = new Date()): Promise<SavedAccounts> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return structuredClone(NO_ACCOUNTS);
      throw new AccountError('settings_io', { path: this.path, detail: (err as NodeJS.ErrnoException).code ?? 'read failed' });
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const r = accountsSchema.safeParse(parsed);
    if (r.success) return r.data;
    const aside = join(this.dir, `${ACCOUNTS_FILE}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`);
    try {
      await rename(this.path, aside);
    } catch (err) {
      throw new AccountError('settings_io', { path: this.path, detail: (err as NodeJS.ErrnoException).code ?? 'could not move the damaged file aside' });
    }
    throw new AccountError('settings_corrupt', { path: aside });
  }

  async save(saved: SavedAccounts): Promise<void> {
    const checked = accountsSchema.parse(saved);
    const tmp = `${this.path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      await mkdir(this.dir, { recursive: true });
      const fh = await open(tmp, 'w', 0o600);
      try {
        await fh.writeFile(`${JSON.stringify(checked, null, 2)}\n`, 'utf8');
        await fh.sync();
      } finally {
        await fh.close();
      }
      await rename(tmp, this.path);
    } catch (err) {
      await unlink(tmp).catch(() => {});
      throw new AccountError('settings_io', { path: this.path, detail: (err as NodeJS.ErrnoException).code ?? 'write failed' });
    }
  }
}
