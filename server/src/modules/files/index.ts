import type { ServerModule } from '../module';
import { fileRoutes } from './file.routes';

export { FileService, type IncomingFile } from './file.service';
export { receiveUpload, registerUploads, type ReceivedUpload } from './file.routes';

/** Platform module without pages: upload, batch upload, download. Other modules use its FileService. */
export const filesModule: ServerModule = {
  name: 'files',
  async register(app, { files }) {
    // Uploads a crashed run was receiving are never stored: clear them when the server starts.
    const removed = await files.removeStaleIncoming();
    if (removed > 0) app.log.info({ removed }, 'removed stale upload temp files');
    await fileRoutes(app, { service: files });
  },
};
