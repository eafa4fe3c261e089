/**
 * The work's outcome as { value }, or undefined when ms pass first; the work itself goes on, and a
 * rejection after that is ignored (a rejection in time passes through).
 */
export async function withinTime<T>(work: Promise<T>, ms: number): Promise<{ value: T } | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  const outcome = work.then((value) => ({ value }));
  outcome.catch(() => undefined);
  try {
    return await Promise.race([outcome, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
