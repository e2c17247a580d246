import type { ServerModule } from '../module';
import { stencilRoutes } from './stencil.routes';
import { StencilService } from './stencil.service';

/** 印版管理 (/stencil-list): printing plates with their product, material, storage and life. */
export const stencilModule: ServerModule = {
  name: 'stencil',
  async register(app, { db, files }) {
    await stencilRoutes(app, { stencils: new StencilService(db), files });
  },
};
