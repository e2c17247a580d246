// What several console modules share (see README.md). Modules import from here; this never imports a module.
export { ALL, crudApi, entityPaths, filtersOf, importApi, removeBatch, type CrudPathSet, type EntityPaths } from './api';
export { allDevices, deviceLabel, deviceOptions } from './devices';
export { allProducts, productLabel, productOptions } from './products';
export { TabbedPage, type PageTab } from './tabbed-page';
export { OrderChangeWarnings, orderChangeApi, type OrderChangeWarningsProps } from './order-change-warnings';
export { escapeHtml, printInFrame, PRINT_FRAME_CLASS } from './print-frame';
