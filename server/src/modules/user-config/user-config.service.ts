import type { UserConfig } from '@core/contracts/user-config';
import type { Db } from '../../db';
import { recordOperation, type OperationContext } from '../../db/operation-log';
import type { Scope } from '../../plugins/auth';
import { inScope } from '../../lib/scoped';

/** A user's own console settings per factory (spec §3 user config): flat key → string. */
export class UserConfigService {
  constructor(private readonly db: Db) {}

  async get(scope: Scope): Promise<UserConfig> {
    const rows = await this.db
      .selectFrom('user_config')
      .select(['config_key as key', 'config_value as value'])
      .where(inScope(scope))
      .where('user_id', '=', scope.userId)
      .orderBy('config_key')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  }

  /** Replaces the whole config in one transaction and logs the write. */
  async replace(scope: Scope, config: UserConfig, context: OperationContext): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('user_config')
        .where(inScope(scope))
        .where('user_id', '=', scope.userId)
        .execute();
      const entries = Object.entries(config);
      if (entries.length > 0) {
        await trx
          .insertInto('user_config')
          .values(
            entries.map(([key, value]) => ({
              enterprise_id: scope.enterpriseId,
              org_id: scope.orgId,
              user_id: scope.userId,
              config_key: key,
              config_value: value,
            })),
          )
          .execute();
      }
      await recordOperation(trx, context, { ...scope, content: `保存个人配置（${entries.length}项）` });
    });
  }
}
