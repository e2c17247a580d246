export * from './types';
export * from './event';
export * from './timeline';
export * from './validate';
export * from './figures';
export * from './repair';
export * from './planned';
