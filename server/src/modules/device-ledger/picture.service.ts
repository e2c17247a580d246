import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ResultCode } from '@core/contracts/common';
import {
  LEDGER_LIMITS,
  UploadTicketMessages,
  type AddPicturesRequest,
  type DeletePicturesRequest,
  type DevicePicture,
  type PhoneTicket,
  type PhoneUploadQuery,
  type TicketPictures,
  type UploadTicket,
} from '@core/contracts/device-ledger';
import type { UploadedFile } from '@core/contracts/files';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import { formatDateTime } from '../../lib/datetime';
import { conflict, notFound } from '../../lib/errors';
import { requireImages, summary } from '../../lib/rows';
import { inScope, requireRow } from '../../lib/scoped';
import type { Scope } from '../../plugins/auth';
import { AppError } from '../../plugins/envelopes';
import { LedgerMessages } from './ledger.service';

export const PictureMessages = {
  pictureNotFound: '设备图片不存在',
  uploadNotFound: '设备图片不存在，请重新上传',
  ticketNotFound: '二维码不存在，请重新生成',
} as const;

const UUID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 20 random letters and digits (spec §5 uuid: 3–20 alphanumerics). */
function newUuId(): string {
  const bytes = randomBytes(20);
  return [...bytes].map((byte) => UUID_ALPHABET[byte % UUID_ALPHABET.length]).join('');
}

const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest();

/** A live phone-upload link: who made it (the pictures are theirs), for which device of which factory. */
export interface OpenTicket {
  id: number;
  deviceId: number;
  deviceNo: string;
  deviceName: string;
  expiresAt: Date;
  scope: Scope;
  appId: string;
}

function refused(message: string): AppError {
  return new AppError(ResultCode.NO_AUTHORITY, message);
}

const MINUTE = 60_000;

/** Pictures of devices, and the short-lived links a phone uploads them with. */
export class PictureService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  private pictureQuery(db: Db) {
    return db
      .selectFrom('device_picture')
      .select(['id', 'url', 'original_name as originalName', 'source', 'uploader_name as uploaderName', 'created_at as createdAt'])
      .orderBy('id', 'desc');
  }

  private async picturesOf(db: Db, scope: Scope, deviceId: number): Promise<DevicePicture[]> {
    const rows = await this.pictureQuery(db).where(inScope(scope)).where('device_id', '=', deviceId).execute();
    return rows.map(({ createdAt, ...row }) => ({ ...row, createTime: formatDateTime(createdAt) }));
  }

  async pictures(scope: Scope, deviceId: number): Promise<DevicePicture[]> {
    await requireRow(this.db, 'device', ['id'], scope, deviceId, LedgerMessages.deviceNotFound);
    return this.picturesOf(this.db, scope, deviceId);
  }

  /** Refuses more pictures than a device may keep (counted inside the writing transaction). */
  private async refuseTooMany(trx: Db, deviceId: number, adding: number): Promise<void> {
    const row = await trx.selectFrom('device_picture').select((eb) => eb.fn.countAll<number>().as('n')).where('device_id', '=', deviceId).executeTakeFirstOrThrow();
    if (Number(row.n) + adding > LEDGER_LIMITS.pictures) throw conflict(UploadTicketMessages.tooMany);
  }

  async add(scope: Scope, request: AddPicturesRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const device = await requireRow(trx, 'device', ['device_no', 'name'], scope, request.deviceId, LedgerMessages.deviceNotFound);
      // Locks the device row: two uploads at once cannot both pass the count.
      await trx.selectFrom('device').select('id').where('id', '=', request.deviceId).forUpdate().execute();
      const urls = [...new Set(request.urls)];
      await requireImages(trx, scope, urls, PictureMessages.uploadNotFound);
      await this.refuseTooMany(trx, request.deviceId, urls.length);
      const uploaderName = (await trx.selectFrom('app_user').select('nick_name').where('id', '=', scope.userId).executeTakeFirst())?.nick_name ?? '';
      const names = await trx.selectFrom('file_object').select(['url', 'original_name']).where('url', 'in', urls).execute();
      const nameOf = new Map(names.map((row) => [row.url, row.original_name]));
      await trx
        .insertInto('device_picture')
        .values(urls.map((url) => ({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, device_id: request.deviceId, url, original_name: nameOf.get(url) ?? '', source: 1, uploaded_by: scope.userId, uploader_name: uploaderName })))
        .execute();
      await recordOperation(trx, context, { ...scope, content: `上传设备图片：${device.name}（${device.device_no}）${urls.length}张` });
    });
  }

  async remove(scope: Scope, request: DeletePicturesRequest, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const device = await requireRow(trx, 'device', ['device_no', 'name'], scope, request.deviceId, LedgerMessages.deviceNotFound);
      const rows = await trx.selectFrom('device_picture').select(['id', 'original_name']).where(inScope(scope)).where('device_id', '=', request.deviceId).where('id', 'in', request.ids).execute();
      if (rows.length !== request.ids.length) throw notFound(PictureMessages.pictureNotFound);
      await trx.deleteFrom('device_picture').where(inScope(scope)).where('id', 'in', request.ids).execute();
      await recordOperation(trx, context, { ...scope, content: `删除设备图片：${device.name}（${device.device_no}）${summary(rows.map((row) => row.original_name || String(row.id)))}` });
    });
  }

  /** A new link for one device: uuId and token (the token is shown once, only its hash is kept). */
  async issueTicket(scope: Scope, deviceId: number, appId: string): Promise<UploadTicket> {
    await requireRow(this.db, 'device', ['id'], scope, deviceId, LedgerMessages.deviceNotFound);
    const uuId = newUuId();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now().getTime() + LEDGER_LIMITS.uploadTicketMinutes * MINUTE);
    await this.db
      .insertInto('device_upload_ticket')
      .values({ enterprise_id: scope.enterpriseId, org_id: scope.orgId, device_id: deviceId, uu_id: uuId, token_hash: hashToken(token).toString('hex'), created_by: scope.userId, app_id: appId, expires_at: expiresAt })
      .execute();
    return { uuId, token, expiresAt: expiresAt.getTime() };
  }

  /** What the desktop polls by uuId while its QR code is shown (a link of another factory does not exist here). */
  async ticketPictures(scope: Scope, uuId: string): Promise<TicketPictures> {
    const ticket = await this.db.selectFrom('device_upload_ticket').select(['device_id', 'expires_at']).where(inScope(scope)).where('uu_id', '=', uuId).executeTakeFirst();
    if (!ticket) throw notFound(PictureMessages.ticketNotFound);
    return {
      deviceId: ticket.device_id,
      expiresAt: ticket.expires_at.getTime(),
      expired: ticket.expires_at.getTime() <= this.now().getTime(),
      pictures: await this.picturesOf(this.db, scope, ticket.device_id),
    };
  }

  /**
   * The link a phone came with, checked in full: the uuId names a link whose token hash matches, of
   * the factory and user the URL names, not expired, for a device that still exists. Anything else is
   * refused (4003) with the message the phone shows; the token opens nothing but this upload.
   */
  async openTicket(query: PhoneUploadQuery, db: Db = this.db): Promise<OpenTicket> {
    const row = await db
      .selectFrom('device_upload_ticket as k')
      .leftJoin('device as d', 'd.id', 'k.device_id')
      .select(['k.id', 'k.enterprise_id', 'k.org_id', 'k.device_id', 'k.token_hash', 'k.created_by', 'k.app_id', 'k.expires_at', 'd.device_no', 'd.name'])
      .where('k.uu_id', '=', query.uuId)
      .executeTakeFirst();
    const given = hashToken(query.token);
    const stored = row ? Buffer.from(row.token_hash, 'hex') : Buffer.alloc(given.length);
    const tokenMatches = stored.length === given.length && timingSafeEqual(stored, given);
    if (!row || !tokenMatches || String(row.org_id) !== query.orgId || String(row.created_by) !== query.userId) throw refused(UploadTicketMessages.invalid);
    if (row.expires_at.getTime() <= this.now().getTime()) throw refused(UploadTicketMessages.expired);
    if (row.device_no === null || row.name === null) throw notFound(UploadTicketMessages.deviceGone);
    return {
      id: row.id,
      deviceId: row.device_id,
      deviceNo: row.device_no,
      deviceName: row.name,
      expiresAt: row.expires_at,
      scope: { enterpriseId: row.enterprise_id, orgId: row.org_id, userId: row.created_by },
      appId: row.app_id,
    };
  }

  async phoneTicket(query: PhoneUploadQuery): Promise<PhoneTicket> {
    const ticket = await this.openTicket(query);
    const count = await this.db.selectFrom('device_picture').select((eb) => eb.fn.countAll<number>().as('n')).where('device_id', '=', ticket.deviceId).executeTakeFirstOrThrow();
    return { deviceNo: ticket.deviceNo, deviceName: ticket.deviceName, expiresAt: ticket.expiresAt.getTime(), pictureCount: Number(count.n) };
  }

  /** A picture the phone uploaded (already stored by the file service) becomes the device's. */
  async addFromPhone(query: PhoneUploadQuery, stored: UploadedFile, context: OperationContext): Promise<DevicePicture> {
    return this.db.transaction().execute(async (trx) => {
      // Checked again inside the write: the link may have expired or the device gone meanwhile.
      const ticket = await this.openTicket(query, trx);
      await trx.selectFrom('device').select('id').where('id', '=', ticket.deviceId).forUpdate().execute();
      await this.refuseTooMany(trx, ticket.deviceId, 1);
      const uploader = await trx.selectFrom('app_user').select('nick_name').where('id', '=', ticket.scope.userId).executeTakeFirst();
      const uploaderName = `${uploader?.nick_name ?? ''}（手机）`;
      const row = await trx
        .insertInto('device_picture')
        .values({
          enterprise_id: ticket.scope.enterpriseId,
          org_id: ticket.scope.orgId,
          device_id: ticket.deviceId,
          url: stored.url,
          original_name: stored.originalName,
          source: 2,
          ticket_id: ticket.id,
          uploaded_by: ticket.scope.userId,
          uploader_name: uploaderName,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      await recordOperation(trx, context, { ...ticket.scope, content: `手机上传设备图片：${ticket.deviceName}（${ticket.deviceNo}）${stored.originalName}` });
      return { id: row.id, url: stored.url, originalName: stored.originalName, source: 2, uploaderName, createTime: formatDateTime(row.created_at) };
    });
  }
}
