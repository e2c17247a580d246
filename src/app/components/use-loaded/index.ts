export * from './use-loaded';
export * from './use-settings-form';
