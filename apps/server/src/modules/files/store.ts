import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FileMimeType } from '@sbuilding/shared';

/** The extension a stored file gets from its (server-decided) content type. */
export const EXTENSION_OF: Record<FileMimeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
};

/** Only names this store made up are ever opened: `{uuid}.{ext}`, no directory part. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|svg)$/;

export interface StoredFile {
  id: string;
  storedName: string;
}

/**
 * The bytes of uploaded files, in one directory (UPLOAD_DIR, default DATA_DIR/uploads), under names the
 * server generates. A file is written to a temporary name and renamed once complete, so a reader never
 * sees half of one.
 */
export class FileStore {
  constructor(readonly dir: string) {}

  async write(mime: FileMimeType, bytes: Uint8Array): Promise<StoredFile> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const id = crypto.randomUUID();
    const storedName = `${id}.${EXTENSION_OF[mime]}`;
    const partial = path.join(this.dir, `.${storedName}.part`);
    await fs.promises.writeFile(partial, bytes, { mode: 0o640 });
    await fs.promises.rename(partial, this.pathOf(storedName));
    return { id, storedName };
  }

  /** An open handle on a stored file, or undefined when it is not there. */
  async open(storedName: string): Promise<fs.promises.FileHandle | undefined> {
    try {
      return await fs.promises.open(this.pathOf(storedName), 'r');
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
      throw error;
    }
  }

  /** Removes a stored file (a row that could not be written must not leave its bytes behind). */
  async remove(storedName: string): Promise<void> {
    await fs.promises.rm(this.pathOf(storedName), { force: true });
  }

  private pathOf(storedName: string): string {
    if (!STORED_NAME.test(storedName)) throw new Error(`not a stored file name: ${storedName}`);
    return path.join(this.dir, storedName);
  }
}
