export * from './access';
export * from './route-catalog';
export * from './action-codes';
