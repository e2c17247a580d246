// Contract of the modeling module (建模, /modeling): master data (workshops, device types, devices,
// processes, flows, products) and the shop-floor tabs (IC cards, 一体机, 不良现象).
export * from './master-data';
export * from './shop-floor';
export * from './teams';
