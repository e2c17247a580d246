import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { UploadedFile, UploadType } from '@core/contracts/files';
import { ResultCode } from '@core/contracts/common';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { FileType } from '../../db/schema';
import type { Scope } from '../../plugins/auth';
import { AppError } from '../../plugins/envelopes';
import { checkUpload, FileCheckError, FileMessages } from './content-check';

/** One received upload: streamed to a temporary file below `<filesDir>/.incoming`, not yet stored. */
export interface IncomingFile {
  originalName: string;
  path: string;
  size: number;
}

export interface FileSettings {
  /** DATA_DIR/files: every stored file lives below it. */
  filesDir: string;
  now: () => Date;
}

export interface StoredFile {
  absolutePath: string;
  originalName: string;
  mime: string;
  size: number;
}

interface StoredFileRow {
  url: string;
  storageKey: string;
  originalName: string;
  mime: string;
  size: number;
}

/**
 * Received files untouched this long are left over from a crash (a live upload writes to its file
 * all along and is stored or discarded within its request). Not every file is removed at startup:
 * another server process sharing DATA_DIR may be receiving one right now.
 */
export const STALE_INCOMING_MS = 60 * 60 * 1000;

/** A file part went over the bytes it may carry: reading stopped there. */
export class FileTooLargeError extends Error {}

function monthFolder(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** Passes bytes through until more than `limit` have come, then fails (the source is not read further). */
function byteLimit(limit: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      counted.bytes += chunk.length;
      if (counted.bytes > limit) callback(new FileTooLargeError());
      else callback(null, chunk);
    },
  });
}

/**
 * Stores uploads under `<filesDir>/<enterprise>/<yyyy-mm>/<uuid>.<ext>` with their metadata;
 * finds them again only through the database, so no client text ever becomes a path. Uploads are
 * never held in memory: each part streams to a temporary file, stopped at its limit.
 */
export class FileService {
  constructor(
    private readonly db: Db,
    private readonly settings: FileSettings,
  ) {}

  private get incomingDir(): string {
    return path.join(this.settings.filesDir, '.incoming');
  }

  /** Removes received files left behind by a crash (older than STALE_INCOMING_MS); returns how many. */
  async removeStaleIncoming(): Promise<number> {
    const entries = await fs.promises.readdir(this.incomingDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const staleBefore = this.settings.now().getTime() - STALE_INCOMING_MS;
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const filePath = path.join(this.incomingDir, entry.name);
      const stat = await fs.promises.stat(filePath).catch(() => null);
      if (stat && stat.mtimeMs < staleBefore) {
        await fs.promises.rm(filePath, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Streams one file part to a temporary file; FileTooLargeError (file removed) past `limitBytes`. */
  async receive(originalName: string, source: Readable, limitBytes: number): Promise<IncomingFile> {
    const incoming = this.incomingDir;
    await fs.promises.mkdir(incoming, { recursive: true });
    const filePath = path.join(incoming, randomUUID());
    const counted = { bytes: 0 };
    try {
      await pipeline(source, byteLimit(limitBytes, counted), fs.createWriteStream(filePath, { flags: 'wx' }));
    } catch (error) {
      await fs.promises.rm(filePath, { force: true });
      throw error;
    }
    return { originalName, path: filePath, size: counted.bytes };
  }

  /** Removes received files that will not be stored. */
  async discard(files: IncomingFile[]): Promise<void> {
    await Promise.all(files.map((file) => fs.promises.rm(file.path, { force: true })));
  }

  /** Checks every received file first; stores all of them or none (the received files are gone afterwards). */
  async store(
    scope: Scope,
    type: UploadType,
    files: IncomingFile[],
    options: { batch: boolean; appId: string },
    context: OperationContext,
  ): Promise<UploadedFile[]> {
    try {
      return await this.storeChecked(scope, type, files, options, context);
    } finally {
      await this.discard(files);
    }
  }

  private async storeChecked(
    scope: Scope,
    type: UploadType,
    files: IncomingFile[],
    options: { batch: boolean; appId: string },
    context: OperationContext,
  ): Promise<UploadedFile[]> {
    if (files.length === 0) throw new AppError(ResultCode.VALIDATION, FileMessages.noFile);
    const checked = [];
    for (const file of files) {
      try {
        checked.push({ file, ...(await checkUpload(type, file.originalName, file, options.batch)) });
      } catch (error) {
        if (error instanceof FileCheckError) throw new AppError(ResultCode.VALIDATION, error.message);
        throw error;
      }
    }

    const folder = [String(scope.enterpriseId), monthFolder(this.settings.now())];
    await fs.promises.mkdir(path.join(this.settings.filesDir, ...folder), { recursive: true });
    const written: string[] = [];
    const results: Array<UploadedFile & { storageKey: string; mime: string; size: number }> = [];
    try {
      for (const { file, extension, mime } of checked) {
        const fileName = `${randomUUID()}.${extension}`;
        const storageKey = [...folder, fileName].join('/');
        const absolutePath = path.join(this.settings.filesDir, ...folder, fileName);
        await fs.promises.rename(file.path, absolutePath);
        written.push(absolutePath);
        results.push({ url: storageKey, fileName, originalName: file.originalName, storageKey, mime, size: file.size });
      }
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('file_object')
          .values(
            results.map((result) => ({
              enterprise_id: scope.enterpriseId,
              org_id: scope.orgId,
              user_id: scope.userId,
              type: type as FileType,
              url: result.url,
              storage_key: result.storageKey,
              file_name: result.fileName,
              original_name: result.originalName,
              mime: result.mime,
              size: result.size,
              app_id: options.appId,
            })),
          )
          .execute();
        await recordOperation(trx, context, {
          ...scope,
          content: `上传文件：${results.map((result) => result.originalName).join('、')}`,
        });
      });
    } catch (error) {
      await Promise.all(written.map((file) => fs.promises.rm(file, { force: true })));
      throw error;
    }
    return results.map(({ url, fileName, originalName }) => ({ url, fileName, originalName }));
  }

  /**
   * Writes a file the database already names (a seeded row's `storage_key`) when it is missing from
   * disk, e.g. demo pictures generated at startup; true when it was written.
   */
  async writeMissing(storageKey: string, content: () => Buffer): Promise<boolean> {
    const parts = storageKey.split('/');
    if (parts.some((part) => part === '' || part === '.' || part === '..')) throw new Error(`bad storage key ${storageKey}`);
    const absolutePath = path.join(this.settings.filesDir, ...parts);
    if (fs.existsSync(absolutePath)) return false;
    await fs.promises.mkdir(path.dirname(absolutePath), { recursive: true });
    await fs.promises.writeFile(absolutePath, content());
    return true;
  }

  /** A stored file of the scope's factory; 4004 for anything else (other tenants' files do not exist here). */
  async find(scope: Scope, url: string): Promise<StoredFile> {
    const row: StoredFileRow | undefined = await this.db
      .selectFrom('file_object')
      .select(['url', 'storage_key as storageKey', 'original_name as originalName', 'mime', 'size'])
      .where('enterprise_id', '=', scope.enterpriseId)
      .where('org_id', '=', scope.orgId)
      .where('url', '=', url)
      .executeTakeFirst();
    if (!row) throw new AppError(ResultCode.NOT_FOUND, FileMessages.notFound);
    const absolutePath = path.join(this.settings.filesDir, ...row.storageKey.split('/'));
    if (!fs.existsSync(absolutePath)) throw new AppError(ResultCode.NOT_FOUND, FileMessages.notFound);
    return { absolutePath, originalName: row.originalName, mime: row.mime, size: row.size };
  }
}
