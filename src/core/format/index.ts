export * from './number';
export * from './date';
export * from './url';
export * from './person';
