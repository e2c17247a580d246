import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { UploadedFile, UploadType } from '@core/contracts/files';
import { ResultCode } from '@core/contracts/common';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { Scope } from '../../plugins/auth';
import { AppError } from '../../plugins/envelopes';
import { checkUpload, FileCheckError, FileMessages } from './content-check';
import * as repo from './file.queries';

export interface IncomingFile {
  originalName: string;
  buffer: Buffer;
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

function monthFolder(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/**
 * Stores uploads under `<filesDir>/<enterprise>/<yyyy-mm>/<uuid>.<ext>` with their metadata;
 * finds them again only through the database, so no client text ever becomes a path.
 */
export class FileService {
  constructor(
    private readonly db: Db,
    private readonly settings: FileSettings,
  ) {}

  /** Checks every file first; stores all of them or none. */
  async store(
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
        checked.push({ file, ...(await checkUpload(type, file.originalName, file.buffer, options.batch)) });
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
        await fs.promises.writeFile(absolutePath, file.buffer, { flag: 'wx' });
        written.push(absolutePath);
        results.push({ url: storageKey, fileName, originalName: file.originalName, storageKey, mime, size: file.buffer.length });
      }
      await this.db.transaction().execute(async (trx) => {
        for (const result of results) {
          await repo.insertFile(trx, scope, { ...result, type, appId: options.appId });
        }
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

  /** A stored file of the scope's factory; 4004 for anything else. */
  async find(scope: Scope, url: string): Promise<StoredFile> {
    const row = await repo.findFile(this.db, scope, url);
    if (!row) throw new AppError(ResultCode.NOT_FOUND, FileMessages.notFound);
    const absolutePath = path.join(this.settings.filesDir, ...row.storageKey.split('/'));
    if (!fs.existsSync(absolutePath)) throw new AppError(ResultCode.NOT_FOUND, FileMessages.notFound);
    return { absolutePath, originalName: row.originalName, mime: row.mime, size: row.size };
  }
}
