export * from './constants';
export * from './enums';
export * from './version';
export * from './storage';
