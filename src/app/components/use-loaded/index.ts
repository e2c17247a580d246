export * from './use-loaded';
