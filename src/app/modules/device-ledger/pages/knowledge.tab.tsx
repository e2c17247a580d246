import { DeviceLedgerAuthorities as A } from '@core/access/authorities/device-ledger';
import { KnowledgeBase } from '@app/shared/device-knowledge';

/** 知识库 tab of 设备台账, edited with the ledger's knowledge buttons. */
export default function KnowledgeTab() {
  return <KnowledgeBase authorities={[A.knowledgeAdd, A.knowledgeEdit, A.knowledgeDelete]} />;
}
