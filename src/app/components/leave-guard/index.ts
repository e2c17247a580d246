export { useLeaveGuard, type LeaveGuard } from './use-leave-guard';
