// What several console modules share (see README.md). Modules import from here; this never imports a module.
export { filtersOf, removeBatch, ALL } from './api';
export { allDevices, deviceLabel, deviceOptions } from './devices';
export { allProducts, productLabel, productOptions } from './products';
export { TabbedPage, type PageTab } from './tabbed-page';
