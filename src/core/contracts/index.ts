export * from './common';
export * from './auth';
export * from './user-config';
export * from './paths';
