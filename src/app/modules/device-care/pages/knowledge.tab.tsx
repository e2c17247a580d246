import { KnowledgeBase } from '@app/shared/device-knowledge';
import { useCareKind } from '../care-kind';

/** 知识库 tab of 点检 / 保养: the shared device knowledge base, edited with this page's 知识库-维护 button. */
export default function KnowledgeTab() {
  const { A } = useCareKind();
  return <KnowledgeBase authorities={[A.knowledge, A.knowledge, A.knowledge]} />;
}
