// The account's numbering scheme, read and set from Settings, and the notices
// of quotations that took another number than the one they had.
import { nextProblem, nextProblemSaid, patternProblem, patternProblemSaid } from '../../../shared/numbering';
import type { NumberingView } from '../../../shared/bridge';
import type { Handlers } from '../dispatcher';
import { HandlerError } from '../../errors/handler-error';
import type { BridgeContext } from './context';

type NumberingHandlers = Pick<Handlers, 'numbering.get' | 'numbering.set' | 'numbering.notices' | 'numbering.dismiss'>;

/** The pattern a person set last is kept while the service numbers, so switching back finds it. */
const LAST_PATTERN_KEY = 'numbering.lastPattern';

export function numberingHandlers(ctx: BridgeContext): NumberingHandlers {
  function view(): NumberingView {
    const store = ctx.store();
    const s = store.numbering.scheme();
    if (s.mode === 'own') return { mode: 'own', pattern: s.pattern, next: s.next, preview: store.numbering.preview() };
    const last = store.keyValues.get<{ pattern: string; next: number }>(LAST_PATTERN_KEY);
    return { mode: 'service', pattern: last?.pattern ?? '', next: last?.next ?? 1, preview: null };
  }

  return {
    'numbering.get': () => view(),

    'numbering.set': (input) => {
      const store = ctx.store();
      if (input.mode === 'own') {
        // checked here too, to name the field the screen shows the problem beside
        const p = patternProblem(input.pattern);
        const n = nextProblem(input.next);
        const problems = [...(p ? [{ field: 'pattern', said: patternProblemSaid(p) }] : []), ...(n ? [{ field: 'next', said: nextProblemSaid(n) }] : [])];
        const errors = problems.map(({ field, said }) => ({ field, message: said.message }));
        // the message says the first problem; the field errors hold each, beside its field
        if (problems.length > 0) throw new HandlerError('validation', problems[0]!.said, errors);
        store.transaction(() => {
          store.numbering.setScheme(input);
          store.keyValues.set(LAST_PATTERN_KEY, { pattern: input.pattern, next: input.next });
        });
      } else store.numbering.setScheme(input);
      return view();
    },

    'numbering.notices': ({ quotationId }) => {
      const all = ctx.store().numbering.notices();
      return quotationId === undefined ? all : all.filter((n) => n.quotationId === quotationId);
    },

    'numbering.dismiss': ({ quotationId }) => {
      ctx.store().numbering.dismiss(quotationId);
      return { dismissed: true };
    },
  };
}
