// Shared screen parts (spec §1, §5, §9). Modules import from here: `import { ListPage } from '../../components'`.
export * from './auth-button';
export * from './category-tree';
export * from './file-preview';
export * from './file-upload';
export * from './filter-form';
export * from './filter-summary';
export * from './image-upload';
export * from './import-dialog';
export * from './leave-guard';
export * from './list-page';
export * from './pager';
export * from './tag-input';
export * from './use-loaded';
export * from './user-select';
export * from './form-dialog';
