/** The machine a bench ran on, recorded beside its figures: they mean little without it. */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem, type } from 'node:os';

export interface MachineDetails {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string;
  /** 1-minute load average when the bench started: other work on a shared machine. */
  loadAverage: number;
}

export function machineDetails(chromiumPath: string): MachineDetails {
  const cpuList = cpus();
  return {
    cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
    cores: cpuList.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${type()} ${release()}`,
    node: process.version,
    chromium: execFileSync(chromiumPath, ['--version'], { encoding: 'utf8' }).trim(),
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}
