// The searches of a type-ahead field, in the order the text was typed: a slow
// answer to an older text is dropped once a newer one was asked, and the list
// knows which text its matches answer. Enter pressed before the answer to the
// text as it is now has come waits for it (settled), rather than choosing the
// first match of an older, shorter text ("V" matching something else than
// "VISITE").
export interface TypeAhead {
  /** Searches for `query`; the matches are shown unless a newer search was asked meanwhile. */
  run(query: string): Promise<void>;
  /** Whether the matches shown answer `text`. */
  shows(text: string): boolean;
  /**
   * Resolves true once the matches shown answer `text()` (read again after
   * each answer, as typing goes on); false when no search for it is under
   * way, so none will.
   */
  settled(text: () => string): Promise<boolean>;
}

export function typeAhead<T>(search: (query: string) => Promise<T[]>, show: (found: T[]) => void): TypeAhead {
  let asked = 0;
  let shownFor: string | null = null;
  let latest: Promise<void> = Promise.resolve();
  return {
    run(query) {
      const mine = ++asked;
      latest = search(query)
        .catch(() => [] as T[])
        .then((found) => {
          if (mine !== asked) return;
          shownFor = query;
          show(found);
        });
      return latest;
    },
    shows: (text) => shownFor === text,
    async settled(text) {
      for (;;) {
        if (shownFor === text()) return true;
        const waiting = latest;
        await waiting;
        // the newest search has answered, and not for this text
        if (waiting === latest && shownFor !== text()) return false;
      }
    },
  };
}
