export * from './order';
export * from './order-state';
export * from './sheet-size';
export * from './progress';
export * from './report';
