import { AccountPaths, type SmsPurpose, type SmsResult, type UserOrgGrant } from '@core/contracts/account';
import { http } from '@core/http';

/** The signed-in user's own password and phone (SMS code checked), and factory grants of other users. */
export const ownAccountApi = {
  sendCode: (purpose: SmsPurpose, mobile?: string) => http.post<SmsResult>(AccountPaths.sms, { purpose, mobile }),
  updatePassword: (code: string, password: string) => http.put<void>(AccountPaths.updatePassword, { code, password }),
  updateMobile: (mobile: string, code: string) => http.put<void>(AccountPaths.updateMobile, { mobile, code }),
};

export const factoryGrantsApi = {
  get: (userId: number) => http.get<UserOrgGrant[]>(AccountPaths.userOrgs, { userId }),
  set: (userId: number, orgIds: number[]) => http.post<void>(AccountPaths.userOrgs, { userId, orgIds }),
};
