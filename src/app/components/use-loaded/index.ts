export * from './use-loaded';
export * from './use-settings-form';
export * from './use-editor-form';
