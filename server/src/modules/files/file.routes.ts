import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '@core/contracts/common';
import { FilesApi, UploadFields, UploadType } from '@core/contracts/files';
import { Value } from '@sinclair/typebox/value';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { AppError } from '../../plugins/envelopes';
import { mount } from '../../lib/endpoint';
import { attachmentHeader } from '../../lib/excel-export';
import { operationContext } from '../../lib/operation-context';
import { BATCH_MAX_FILES, FileMessages, MAX_UPLOAD_BYTES, sizeMessage } from './content-check';
import type { FileService, IncomingFile } from './file.service';

interface ParsedUpload {
  type: UploadType;
  appId: string;
  files: IncomingFile[];
}

function invalid(message: string): AppError {
  return new AppError(ResultCode.VALIDATION, message);
}

function uploadType(fields: Record<string, string>): UploadType | null {
  return Value.Check(UploadFields, fields) ? (Number(fields.type) as UploadType) : null;
}

/** Reads every part (fields may come before or after the files), bounded by the multipart limits. */
async function readUpload(request: FastifyRequest, maxFiles: number, batch: boolean): Promise<ParsedUpload> {
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  try {
    for await (const part of request.parts({ limits: { files: maxFiles, fileSize: MAX_UPLOAD_BYTES, fields: 20, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        files.push({ originalName: part.filename, buffer: await part.toBuffer() });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value.trim();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(sizeMessage(uploadType(fields) ?? UploadType.DOCUMENT, batch));
    if (code === 'FST_FILES_LIMIT') throw invalid(FileMessages.fileCount(maxFiles));
    throw error;
  }
  const type = uploadType(fields);
  if (type === null) throw invalid(FileMessages.badType);
  const session = sessionOf(request);
  if (fields.orgId && Number(fields.orgId) !== session.orgId) {
    throw new AppError(ResultCode.NO_AUTHORITY, FileMessages.foreignOrg);
  }
  return { type, appId: fields.appId ?? '', files };
}

/** Upload (single and batch) and download of stored files (spec §7, DECISIONS.md "Files"). */
export async function fileRoutes(app: FastifyInstance, { service }: { service: FileService }): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: BATCH_MAX_FILES } });

  mount(app, FilesApi.upload, async (request) => {
    const upload = await readUpload(request, 1, false);
    const [stored] = await service.store(
      scopeOf(sessionOf(request)),
      upload.type,
      upload.files,
      { batch: false, appId: upload.appId },
      operationContext(request),
    );
    return stored;
  });

  mount(app, FilesApi.batchUpload, async (request) => {
    const upload = await readUpload(request, BATCH_MAX_FILES, true);
    const stored = await service.store(
      scopeOf(sessionOf(request)),
      upload.type,
      upload.files,
      { batch: true, appId: upload.appId },
      operationContext(request),
    );
    return stored;
  });

  mount(app, FilesApi.download, async (request, reply) => {
    const file = await service.find(scopeOf(sessionOf(request)), request.query.url);
    const inline = file.mime.startsWith('image/') || file.mime === 'application/pdf';
    return reply
      .type(file.mime)
      .header('content-length', String(file.size))
      .header('content-disposition', attachmentHeader(file.originalName).replace(/^attachment/, inline ? 'inline' : 'attachment'))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(fs.createReadStream(file.absolutePath));
  });
}
