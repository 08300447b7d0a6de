import crypto from 'node:crypto';
import type { FileMimeType } from '@sbuilding/shared';
import { DirectoryBytes, type ByteStore } from '../../platform/storage.js';

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
 * The bytes of uploaded files, under names the server generates, in the app's uploads store
 * (app.storage.uploads: FILES_DIR, the database on PostgreSQL so that every node serves them, or
 * UPLOAD_DIR), or in a directory (the tests' seeded template). A file is stored whole or not at all.
 */
export class FileStore {
  private readonly bytes: ByteStore;

  constructor(where: ByteStore | string) {
    this.bytes = typeof where === 'string' ? new DirectoryBytes(where) : where;
  }

  async write(mime: FileMimeType, bytes: Uint8Array): Promise<StoredFile> {
    const id = crypto.randomUUID();
    const storedName = `${id}.${EXTENSION_OF[mime]}`;
    await this.bytes.put(checked(storedName), bytes);
    return { id, storedName };
  }

  /** A stored file's bytes, or undefined when they are not there. */
  read(storedName: string): Promise<Buffer | undefined> {
    return this.bytes.get(checked(storedName));
  }

  /** Removes a stored file (a row that could not be written must not leave its bytes behind). */
  remove(storedName: string): Promise<void> {
    return this.bytes.remove(checked(storedName));
  }
}

function checked(storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error(`not a stored file name: ${storedName}`);
  return storedName;
}
