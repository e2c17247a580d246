import { Type, type Static } from '@sinclair/typebox';
import { Text } from './common';
import { FILE, get, pathsOf, post, type Endpoint, type Keyed } from './endpoint';

/** Upload request type (spec §3): 0 image, 1 document, 2 video. */
export const UploadType = { IMAGE: 0, DOCUMENT: 1, VIDEO: 2 } as const;
export type UploadType = (typeof UploadType)[keyof typeof UploadType];

/** Multipart text fields of an upload; the file part(s) are named `file` (batch: any name). */
export const UploadFields = Type.Object({
  appId: Type.Optional(Text({ title: '应用', maxLength: 64 })),
  orgId: Type.Optional(Text({ title: '工厂', maxLength: 20 })),
  type: Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2')], { title: '类型' }),
  userId: Type.Optional(Text({ title: '用户', maxLength: 20 })),
});
export type UploadFields = Static<typeof UploadFields>;

/** What the file service answers for one stored file. `url` is an opaque handle for download_url. */
export const UploadedFile = Type.Object({
  url: Type.String(),
  fileName: Type.String({ description: 'stored name: <uuid>.<ext>' }),
  originalName: Type.String(),
});
export type UploadedFile = Static<typeof UploadedFile>;

export const DownloadQuery = Type.Object({ url: Text({ title: '文件地址', minLength: 1, maxLength: 300 }) });
export type DownloadQuery = Static<typeof DownloadQuery>;

/** Body of every `<entity>/import` call: the url of the uploaded xlsx. */
export const ImportRequest = Type.Object({ url: Text({ title: '文件地址', minLength: 1, maxLength: 300 }) });
export type ImportRequest = Static<typeof ImportRequest>;

/** A refused import row, numbered as Excel shows it. */
export const ImportRowError = Type.Object({ row: Type.Integer(), message: Type.String() });
export type ImportRowError = Static<typeof ImportRowError>;

/** resultData of an import: all rows written (failures empty) or none (imported 0). */
export const ImportResult = Type.Object({
  imported: Type.Integer(),
  failures: Type.Array(ImportRowError),
  message: Type.String(),
});
export type ImportResult = Static<typeof ImportResult>;

type ImportWrites = {
  Import: Endpoint<string, { body: typeof ImportRequest; response: typeof ImportResult; authority: string }>;
  ImportTemplate: Endpoint<string, { response: typeof FILE; authority: string }>;
};

/**
 * The import of one entity under `base`, keyed `<name>Import` and `<name>ImportTemplate` (or `import`,
 * `importTemplate` for name ''): `import` ({ url } of the uploaded xlsx → ImportResult) and its
 * `import_template` download, both guarded by the import button. Spread it into the Api.
 */
export function importEndpoints<const N extends string>(
  name: N,
  base: string,
  authority: string,
): { [K in keyof ImportWrites as Keyed<N, K>]: ImportWrites[K] } {
  const key = (suffix: string) => (name ? `${name}${suffix}` : suffix.charAt(0).toLowerCase() + suffix.slice(1));
  return {
    [key('Import')]: post(`${base}/import`, { body: ImportRequest, response: ImportResult, authority }),
    [key('ImportTemplate')]: get(`${base}/import_template`, { response: FILE, authority }),
  } as never;
}

/** File service (spec §7): multipart uploads (read by the route itself) and downloads. */
export const FilesApi = {
  upload: post('/file/api/v2/upload', { response: UploadedFile, session: true, name: '上传文件' }),
  batchUpload: post('/file/api/v2/batch/upload', { response: Type.Array(UploadedFile), session: true, name: '批量上传文件' }),
  download: get('/file/api/v2/download_url', { query: DownloadQuery, response: FILE, session: true }),
};
export const FilePaths = pathsOf(FilesApi);
