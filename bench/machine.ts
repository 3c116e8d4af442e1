import { cpus, freemem, loadavg, totalmem } from 'node:os';

export interface MachineInfo {
  cpu: string;
  cores: number;
  memory: string;
  node: string;
  platform: string;
  date: string;
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB (${(freemem() / 2 ** 30).toFixed(1)} GiB free at start)`,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    date: new Date().toISOString(),
  };
}

/** 1/5/15-minute load averages: above the core count means others were using the CPUs too. */
export function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}
