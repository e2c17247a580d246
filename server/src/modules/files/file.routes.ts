import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ResultCode } from '@core/contracts/common';
import { FilesApi, UploadFields, type UploadType } from '@core/contracts/files';
import { Value } from '@sinclair/typebox/value';
import { scopeOf, sessionOf } from '../../plugins/auth';
import { AppError } from '../../plugins/envelopes';
import { mount } from '../../lib/endpoint';
import { attachmentHeader } from '../../lib/excel-export';
import { operationContext } from '../../lib/operation-context';
import { BATCH_MAX_FILES, checkFileName, FileCheckError, FileMessages, MAX_UPLOAD_BYTES, sizeMessage, streamLimitBytes } from './content-check';
import { FileTooLargeError, type FileService, type IncomingFile } from './file.service';

interface ParsedUpload {
  type: UploadType;
  appId: string;
  files: IncomingFile[];
}

function invalid(message: string): AppError {
  return new AppError(ResultCode.VALIDATION, message);
}

function uploadType(fields: Record<string, string>): UploadType | null {
  return Value.Check(UploadFields.properties.type, fields.type) ? (Number(fields.type) as UploadType) : null;
}

/** The refusal of the upload's text fields, naming the first field that is not as declared; null when all are. */
function fieldsRefusal(fields: Record<string, string>): string | null {
  const error = Value.Errors(UploadFields, fields).First();
  if (!error) return null;
  const name = error.path.split('/')[1] ?? '';
  const declared = (UploadFields.properties as Record<string, { title?: string } | undefined>)[name];
  return name === 'type' || !declared ? FileMessages.badType : `${declared.title ?? name}格式不正确`;
}

/** The parts of a multipart upload as received: its text fields and the files streamed to disk. */
export interface ReceivedUpload {
  fields: Record<string, string>;
  files: IncomingFile[];
}

/**
 * Reads every part as it arrives (fields may come before or after the files): each file streams to
 * disk and reading stops at its type's limit (`type` when the caller knows it; else the type field's,
 * or the largest of any type while that field has not come yet); files are counted as they come. A
 * refused upload closes the connection, so the rest of its body is never read. Routes of other
 * modules receive uploads this way too (after `registerUploads`), then `FileService.store` them.
 */
export async function receiveUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  service: FileService,
  options: { maxFiles: number; batch: boolean; type?: UploadType },
): Promise<ReceivedUpload> {
  const { maxFiles, batch } = options;
  const fields: Record<string, string> = {};
  const files: IncomingFile[] = [];
  const typeOf = () => options.type ?? uploadType(fields);
  try {
    for await (const part of request.parts({ limits: { files: maxFiles, fileSize: MAX_UPLOAD_BYTES, fields: 20, fieldSize: 1024 } })) {
      if (part.type === 'file') {
        checkFileName(part.filename);
        files.push(await service.receive(part.filename, part.file, streamLimitBytes(typeOf(), batch)));
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value.trim();
      }
    }
  } catch (error) {
    await service.discard(files);
    request.raw.unpipe();
    request.raw.pause();
    reply.header('connection', 'close');
    const code = (error as { code?: string }).code;
    if (error instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE') throw invalid(sizeMessage(typeOf(), batch));
    if (error instanceof FileCheckError) throw invalid(error.message);
    if (code === 'FST_FILES_LIMIT') throw invalid(FileMessages.fileCount(maxFiles));
    throw error;
  }
  return { fields, files };
}

/** The file service's own uploads: the spec's fields (type, appId, orgId of the session's factory). */
async function readUpload(request: FastifyRequest, reply: FastifyReply, service: FileService, maxFiles: number, batch: boolean): Promise<ParsedUpload> {
  const { fields, files } = await receiveUpload(request, reply, service, { maxFiles, batch });
  const type = uploadType(fields);
  const session = sessionOf(request);
  const fieldsProblem = fieldsRefusal(fields);
  const refusal =
    fieldsProblem !== null
      ? invalid(fieldsProblem)
      : fields.orgId && Number(fields.orgId) !== session.orgId
        ? new AppError(ResultCode.NO_AUTHORITY, FileMessages.foreignOrg)
        : null;
  if (refusal || type === null) {
    await service.discard(files);
    throw refusal ?? invalid(FileMessages.badType);
  }
  return { type, appId: fields.appId ?? '', files };
}

/** Multipart parsing with the upload limits, for the routes registered after it in the same module. */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: BATCH_MAX_FILES } });
}

/** Upload (single and batch) and download of stored files (spec §7, DECISIONS.md "Files"). */
export async function fileRoutes(app: FastifyInstance, { service }: { service: FileService }): Promise<void> {
  await registerUploads(app);

  mount(app, FilesApi.upload, async (request, reply) => {
    const upload = await readUpload(request, reply, service, 1, false);
    const [stored] = await service.store(
      scopeOf(sessionOf(request)),
      upload.type,
      upload.files,
      { batch: false, appId: upload.appId },
      operationContext(request),
    );
    return stored;
  });

  mount(app, FilesApi.batchUpload, async (request, reply) => {
    const upload = await readUpload(request, reply, service, BATCH_MAX_FILES, true);
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
