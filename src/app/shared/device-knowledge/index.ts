// The device knowledge base (故障现象 → 原因 → 处理方法): kept with 设备台账, opened from 点检 and 保养 too.
export { KnowledgeBase, type KnowledgeAuthorities } from './knowledge.tab';
export { typeTree } from './device-types';
