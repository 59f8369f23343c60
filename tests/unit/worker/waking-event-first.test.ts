import { describe, expect, it } from 'vitest';
import { createWakingEventFirst } from '../../../lib/worker/waking-event-first';

/** A wait the test ends by hand, and a promise the test settles by hand. */
function held<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const flush = () => new Promise((done) => setTimeout(done, 0));

describe('createWakingEventFirst', () => {
  it('runs housekeeping once the settle time is over when no event came', async () => {
    const settle = held();
    const gate = createWakingEventFirst(150, () => settle.promise);
    const ran: string[] = [];
    gate.thenRun(() => ran.push('housekeeping'));
    await flush();
    expect(ran).toEqual([]);
    settle.resolve();
    await flush();
    expect(ran).toEqual(['housekeeping']);
  });

  it('waits for the waking event to be answered, even past the settle time', async () => {
    const settle = held();
    const gate = createWakingEventFirst(150, () => settle.promise);
    const ran: string[] = [];
    const activation = held();
    gate.handling(activation.promise.then(() => ran.push('badge')));
    gate.thenRun(() => ran.push('housekeeping'));
    settle.resolve();
    await flush();
    expect(ran).toEqual([]);
    activation.resolve();
    await flush();
    expect(ran).toEqual(['badge', 'housekeeping']);
  });

  it('runs housekeeping after an event whose work failed', async () => {
    const gate = createWakingEventFirst(0, async () => {});
    const ran: string[] = [];
    const activation = held();
    gate.handling(activation.promise);
    gate.thenRun(() => ran.push('housekeeping'));
    activation.reject(new Error('tab gone'));
    await flush();
    expect(ran).toEqual(['housekeeping']);
  });
});
