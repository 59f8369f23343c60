import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from '../../../lib/storage/keyed-queue';

/** A task that records when it starts and ends, and ends only when released. */
function step(log: string[], name: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const task = async () => {
    log.push(`${name} starts`);
    await released;
    log.push(`${name} ends`);
    return name;
  };
  return { task, release };
}

describe('createKeyedQueue', () => {
  it('runs tasks for one key one after another, and tasks for different keys side by side', async () => {
    const queue = createKeyedQueue<string>();
    const log: string[] = [];
    const a1 = step(log, 'a1');
    const a2 = step(log, 'a2');
    const b1 = step(log, 'b1');
    const results = [queue.run('a', a1.task), queue.run('a', a2.task), queue.run('b', b1.task)];
    await Promise.resolve();
    expect(log).toEqual(['a1 starts', 'b1 starts']);
    a2.release();
    b1.release();
    a1.release();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a2 starts')).toBeGreaterThan(log.indexOf('a1 ends'));
  });

  it('goes on after a task fails, and passes the failure to its caller', async () => {
    const queue = createKeyedQueue<string>();
    const failed = queue.run('a', async () => {
      throw new Error('boom');
    });
    const next = queue.run('a', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });
});
