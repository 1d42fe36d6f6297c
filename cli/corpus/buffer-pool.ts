// JSONL chunk buffers, used again once a thread hands them back (issue #42): a fresh 1 MB buffer a
// chunk was a gigabyte of allocations on the main thread for a gigabyte of input, and with them most
// of its full garbage collections (V8 collects as outside memory grows).
export class BufferPool {
  private free: ArrayBuffer[] = [];

  constructor(
    /** The size every pooled buffer has (a larger one, for a long line, is not kept). */
    readonly size: number,
    /** Buffers kept at most: the batches in flight, and one being filled. */
    private readonly keep: number,
  ) {}

  get(): Uint8Array {
    return new Uint8Array(this.free.pop() ?? new ArrayBuffer(this.size));
  }

  put(b: ArrayBuffer): void {
    if (b.byteLength === this.size && this.free.length < this.keep && !this.free.includes(b)) this.free.push(b);
  }
}
