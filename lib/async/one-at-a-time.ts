/**
 * A queue that runs its steps one at a time, in order: a step that fails does not stop the next. Each
 * writer of a stored value keeps one, so two changes arriving together never each write what they read.
 */
export type OneAtATime = <T>(work: () => Promise<T>) => Promise<T>;

export function oneAtATime(): OneAtATime {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => undefined);
    return next;
  };
}
