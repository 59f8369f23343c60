// @vitest-environment node
// Node's standard ReadableStream, the one the browser's fetch bodies behave like.
import { describe, expect, it } from 'vitest';
import { readCappedBody } from '../../../lib/service/response-body';

function streamOf(chunks: number[][]) {
  const progress = { pulls: 0, cancelled: false, cancelReason: undefined as unknown };
  let next = 0;
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      pull(controller) {
        progress.pulls += 1;
        const chunk = chunks[next++];
        if (chunk === undefined) controller.close();
        else controller.enqueue(new Uint8Array(chunk));
      },
      cancel(reason) {
        progress.cancelled = true;
        progress.cancelReason = reason;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, progress };
}

const bytesOf = (result: Awaited<ReturnType<typeof readCappedBody>>) =>
  result === null ? 'too-large' : [...result];

describe('readCappedBody', () => {
  it('reads a missing body as empty', async () => {
    expect(bytesOf(await readCappedBody(null, 10))).toStrictEqual([]);
  });

  it.each<[string, number[][], number, number[] | 'too-large']>([
    ['one chunk', [[1, 2, 3]], 10, [1, 2, 3]],
    ['several chunks joined in order', [[1], [2, 3], [], [4]], 10, [1, 2, 3, 4]],
    [
      'a body exactly at the cap',
      [
        [1, 2],
        [3, 4],
      ],
      4,
      [1, 2, 3, 4],
    ],
    [
      'a body one byte over the cap',
      [
        [1, 2],
        [3, 4, 5],
      ],
      4,
      'too-large',
    ],
    ['a single chunk over the cap', [[1, 2, 3, 4, 5]], 4, 'too-large'],
  ])('%s', async (_case, chunks, maxBytes, expected) => {
    const { stream } = streamOf(chunks);
    expect(bytesOf(await readCappedBody(stream, maxBytes))).toStrictEqual(expected);
  });

  it('cancels the stream once the cap is passed and pulls no further', async () => {
    const chunks = Array.from({ length: 1000 }, () => [0, 0, 0, 0]);
    const { stream, progress } = streamOf(chunks);
    expect(await readCappedBody(stream, 10)).toBeNull();
    expect(progress.cancelled).toBe(true);
    expect(progress.pulls).toBe(3);
  });

  it('rejects with the stream error when the stream breaks', async () => {
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        controller.error(new TypeError('connection reset'));
      },
    });
    await expect(readCappedBody(stream, 10)).rejects.toThrow('connection reset');
  });

  it('rejects at once, without reading, when the signal has already aborted', async () => {
    const { stream, progress } = streamOf([[1]]);
    const reason = new Error('too late');
    await expect(readCappedBody(stream, 10, AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(progress.pulls).toBe(0);
  });

  it('rejects with the abort reason and cancels a stalled stream when the signal aborts', async () => {
    const progress = { cancelled: false };
    const stalled = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull: () => new Promise<void>(() => {}),
      cancel() {
        progress.cancelled = true;
      },
    });
    const controller = new AbortController();
    const reading = readCappedBody(stalled, 10, controller.signal);
    const reason = new DOMException('deadline', 'TimeoutError');
    controller.abort(reason);
    await expect(reading).rejects.toBe(reason);
    expect(progress.cancelled).toBe(true);
  });

  it('leaves the signal without listeners once done', async () => {
    const controller = new AbortController();
    const { stream, progress } = streamOf([[1]]);
    await readCappedBody(stream, 10, controller.signal);
    controller.abort();
    expect(progress.cancelled).toBe(false);
  });
});
