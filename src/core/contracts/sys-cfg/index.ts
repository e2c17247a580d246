// Contract of the sys-cfg module (系统配置, /sys-cfg): enterprise and schedule config, dictionaries,
// user page config, paper data (原纸, 楞型, 纸板, 门幅) and work-order ticket templates.
export * from './enterprise-config';
export * from './paper-data';
export * from './ticket-template';
