import { createHttpClient, type HttpRuntime } from './client';

export {
  createHttpClient,
  HttpError,
  HTTP_MESSAGES,
  BUSINESS_ERROR_SECONDS,
  specHeaders,
  type ErrorReport,
  type ErrorReporter,
  type ExportResult,
  type HttpRuntime,
  type Notifier,
  type RequestOptions,
} from './client';
export { prepareParams, type QueryParams } from './params';
export { unwrapEnvelope, serverMessage } from './envelope';
export { fileNameFromDisposition, saveBlob, xlsxFileName } from './download';
export { eventStreamParser, readEventStream, type EventStreamHandlers, type StreamEvent } from './event-stream';

const defaultClient = createHttpClient();

/** The console's one HTTP client; modules call it only from their `*.api.ts`. */
export const http = defaultClient.http;
export const cancelRouteRequests = defaultClient.cancelRouteRequests;
export const pendingRouteRequests = defaultClient.pendingRouteRequests;

export function configureHttp(options: Partial<HttpRuntime>): void {
  defaultClient.configure(options);
}
