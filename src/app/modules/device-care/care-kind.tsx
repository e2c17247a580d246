import { createContext, useContext, type ReactNode } from 'react';
import { DeviceCareAuthorities, type CareAuthorities } from '@core/access/authorities/device-care';
import { CARE_NOUN, type CareKind } from '@core/contracts/device-care';
import { CARE_API, type CareApi } from './device-care.api';

/** What a tab of 设备点检 or 设备保养 works with: the kind, its word, its calls and its codes. */
export interface CareKindInfo {
  kind: CareKind;
  noun: string;
  api: CareApi;
  A: CareAuthorities;
}

export const careKindInfo = (kind: CareKind): CareKindInfo => ({ kind, noun: CARE_NOUN[kind], api: CARE_API[kind], A: DeviceCareAuthorities[kind] });

const KINDS: Record<CareKind, CareKindInfo> = { check: careKindInfo('check'), maintenance: careKindInfo('maintenance') };
const CareKindContext = createContext<CareKindInfo>(KINDS.check);

/** The page's kind for its (lazy) tabs. */
export function CareKindProvider({ kind, children }: { kind: CareKind; children: ReactNode }) {
  return <CareKindContext.Provider value={KINDS[kind]}>{children}</CareKindContext.Provider>;
}

export const useCareKind = () => useContext(CareKindContext);
