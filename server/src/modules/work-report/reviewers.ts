import type { Db } from '../../db';
import type { Scope } from '../../plugins/auth';
import { enterpriseSections } from '../sys-cfg';

/**
 * The one rule of who may review reports in a factory (报工审核配置 in /base-cfg): a user holding
 * the review authority who, when the config names reviewers, is one of them. Every review action
 * (edit, audit, roll back, cancel) and the /home figure "待我审核的报工" ask this function, so the
 * figure never counts reports for someone the review routes would refuse.
 */
export async function mayReviewReports(db: Db, scope: Scope, holdsReviewAuthority: boolean): Promise<boolean> {
  if (!holdsReviewAuthority) return false;
  const { auditorUserIds } = (await enterpriseSections(db, scope)).reportAuditConfig;
  return auditorUserIds.length === 0 || auditorUserIds.includes(scope.userId);
}
