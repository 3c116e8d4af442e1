export type { Clock, TimerHandle, VirtualClock } from './clock.ts';
export { systemClock } from './system-clock.ts';
export { virtualClock, DEFAULT_VIRTUAL_EPOCH_MS } from './virtual-clock.ts';
