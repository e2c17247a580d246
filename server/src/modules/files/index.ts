import type { ServerModule } from '../module';
import { fileRoutes } from './file.routes';

export { FileService, type IncomingFile } from './file.service';

/** Platform module without pages: upload, batch upload, download. Other modules use its FileService. */
export const filesModule: ServerModule = {
  name: 'files',
  async register(app, { files }) {
    await fileRoutes(app, { service: files });
  },
};
