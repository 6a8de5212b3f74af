// Whether the desk waits for an answer from the service that is slow to
// come: a write or a read sent a while ago whose answer has not ended yet.
// The sync bar says so ("Waiting for the service's answer since 14:02")
// instead of "Online", which the last answer would otherwise back for up to
// the whole deadline of the request (two minutes by default) while nothing
// moves.
import type { Timers } from '../sync';

/**
 * How long one answer may take before the bar says the desk waits for it.
 * A healthy service answers a save or a send in well under a second, and the
 * largest page asked for (1000 quotations, about 1.2 MB) in a few seconds on
 * an ordinary connection; 10 s is past all of those, so the words are not
 * said of work going as it should, and soon enough that a person who just
 * saved is not left looking at "Online" with work pending.
 */
export const ANSWER_WAITING_MS = 10_000;

/** What the watch needs of the transport (electron/api/transport.ts). */
export interface InFlight {
  /** when the oldest request still under way was sent (epoch ms), or null */
  oldestInFlight(): number | null;
  /** told each time a request is sent or ends; returns the call that stops telling */
  onInFlight(listener: () => void): () => void;
}

export interface AnswerWatch {
  /** when the request waited on was sent (epoch ms), once it has waited `thresholdMs`; null while no answer is that late */
  waitingSince(): number | null;
  /** stops watching: no more news, no timer left */
  stop(): void;
}

export interface AnswerWatchOptions {
  /** told when waitingSince changes: the threshold passed, or the late answer ended */
  onChange: () => void;
  /** the transport's clock (epoch ms), and timers on the same clock */
  now: () => number;
  timers: Timers;
  /** default ANSWER_WAITING_MS */
  thresholdMs?: number;
}

/**
 * Watches the requests under way. Nothing else changes while an answer is
 * slow to come, so a timer set for the moment the oldest one passes the
 * threshold tells the status then; it is cleared as soon as that request
 * ends, and when the watch stops.
 */
export function watchAnswers(transport: InFlight, opts: AnswerWatchOptions): AnswerWatch {
  const threshold = opts.thresholdMs ?? ANSWER_WAITING_MS;
  const { now, timers } = opts;
  let told: number | null = null;
  let timer: unknown = null;
  /** the request (its time sent) the timer is set for */
  let timerFor: number | null = null;
  let stopped = false;

  const waitingSince = (): number | null => {
    const oldest = transport.oldestInFlight();
    return oldest !== null && now() - oldest >= threshold ? oldest : null;
  };

  const clear = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    timerFor = null;
  };

  function check(): void {
    if (stopped) return;
    const since = waitingSince();
    const oldest = transport.oldestInFlight();
    // a timer only while the oldest request under way has not passed the threshold yet
    if (since !== null || oldest === null) clear();
    else if (timerFor !== oldest) {
      clear();
      timerFor = oldest;
      timer = timers.setTimeout(
        () => {
          timer = null;
          timerFor = null;
          check();
        },
        Math.max(1, oldest + threshold - now()),
      );
    }
    if (since !== told) {
      told = since;
      opts.onChange();
    }
  }

  const off = transport.onInFlight(check);
  check();
  return {
    waitingSince,
    stop() {
      stopped = true;
      off();
      clear();
    },
  };
}
