import { HOME_PAGES } from '@core/access/pages/home';
import { defineModule } from '../define-module';

/** 首页 (/home): the tiles other modules register in @app/shared/home-tiles. */
export const homeModule = defineModule(HOME_PAGES, { INDEX: () => import('./pages/home.page') });
