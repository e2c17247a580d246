export * from './types';
export * from './timeline';
export * from './validate';
export * from './figures';
export * from './repair';
