import {
  DeviceLedgerPaths as P,
  type DevicePicture,
  type LedgerOptions,
  type LedgerRow,
  type MachineLog,
  type MachineOption,
  type OwnMachineLog,
  type PhoneTicket,
  type PhoneUploadQuery,
  type TicketPictures,
  type UpdateLedgerRequest,
  type UploadTicket,
} from '@core/contracts/device-ledger';
import type { PageResult } from '@core/contracts/common';
import { UPLOAD_TIMEOUT_MS } from '@core/constants';
import { http } from '@core/http';
import type { ListQuery } from '@app/components';
import { filtersOf, importApi } from '@app/shared';

export const ledgerApi = {
  list: (query: ListQuery) => http.get<PageResult<LedgerRow>>(P.list, query),
  detail: (id: number) => http.get<LedgerRow>(P.detail(id)),
  update: (request: UpdateLedgerRequest) => http.post<void>(P.update, request),
  options: () => http.get<LedgerOptions>(P.options),
  ...importApi(P.import, P.importTemplate, '设备台账导入模板.xlsx'),
  exportFile: (query: ListQuery) => http.exportFile(P.export, filtersOf(query), '设备台账'),
};

export const picturesApi = {
  list: (deviceId: number) => http.get<DevicePicture[]>(P.pictures, { deviceId }),
  add: (deviceId: number, urls: string[]) => http.post<void>(P.pictureAdd, { deviceId, urls }),
  remove: (deviceId: number, ids: number[]) => http.post<void>(P.pictureDelete, { deviceId, ids }),
  /** A new phone-upload link for the device (shown as a QR code). */
  ticket: (deviceId: number) => http.post<UploadTicket>(P.uploadTicket, { deviceId }),
  /** Polled every 2 s while the QR code is shown (spec §7); quiet: a lost poll is tried again. */
  byTicket: (uuId: string) => http.get<TicketPictures>(P.ticketPictures, { uuId }, { hideError: true }),
};

/** The phone's calls: no session, the link's own query instead; the page shows the refusals itself. */
export const phoneApi = {
  ticket: (query: PhoneUploadQuery) => http.get<PhoneTicket>(P.phoneTicket, query, { hideError: true, sessionless: true }),
  upload: (query: PhoneUploadQuery, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<DevicePicture>(P.phoneUpload, form, { params: query, hideError: true, sessionless: true, timeout: UPLOAD_TIMEOUT_MS });
  },
};

export const machineLogApi = {
  list: (query: ListQuery) => http.get<PageResult<MachineLog>>(P.machineLogList, query),
  machines: () => http.get<MachineOption[]>(P.machineOptions),
  /** The kiosk's own log, read with its machine key (no session). */
  own: (key: string, query: { page: number; limit: number }) => http.get<OwnMachineLog>(P.machineLogOwn, query, { headers: { X_MACHINE_KEY: key }, hideError: true, sessionless: true }),
};
