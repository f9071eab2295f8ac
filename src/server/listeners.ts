/// `/listen` waiters: requests parked until a request key's result is announced, each bounded
/// by a timeout and released when its client goes away.

type Waiter = (json: string | undefined) => void;

/// The parked `/listen` requests, by request key.
export class Listeners {
  readonly #waiting = new Map<string, Set<Waiter>>();

  /// Resolves with the result JSON once `notify(reqKey, …)` announces it, or with undefined
  /// after `timeoutMs`, when `signal` aborts, or when the listeners are closed.
  wait(reqKey: string, timeoutMs: number, signal?: AbortSignal): Promise<string | undefined> {
    return new Promise((resolve) => {
      if (signal?.aborted === true) {
        resolve(undefined);
        return;
      }
      const done: Waiter = (json) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        this.#remove(reqKey, done);
        resolve(json);
      };
      const abort = (): void => done(undefined);
      const timer = setTimeout(abort, timeoutMs);
      signal?.addEventListener('abort', abort, { once: true });
      let set = this.#waiting.get(reqKey);
      if (set === undefined) this.#waiting.set(reqKey, (set = new Set()));
      set.add(done);
    });
  }

  /// Hands a result to everyone waiting for its key.
  notify(reqKey: string, json: string): void {
    const set = this.#waiting.get(reqKey);
    if (set === undefined) return;
    for (const w of [...set]) w(json);
  }

  /// Whether anyone waits for `reqKey`.
  waitingFor(reqKey: string): boolean {
    return this.#waiting.has(reqKey);
  }

  /// How many requests are waiting.
  get size(): number {
    let n = 0;
    for (const set of this.#waiting.values()) n += set.size;
    return n;
  }

  /// Releases every waiter (shutdown).
  close(): void {
    for (const set of [...this.#waiting.values()]) for (const w of [...set]) w(undefined);
  }

  #remove(reqKey: string, w: Waiter): void {
    const set = this.#waiting.get(reqKey);
    if (set === undefined) return;
    set.delete(w);
    if (set.size === 0) this.#waiting.delete(reqKey);
  }
}
