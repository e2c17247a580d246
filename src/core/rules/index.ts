export * from './patterns';
export * from './tag-input';
export * from './upload';
